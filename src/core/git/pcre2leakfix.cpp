#include "core/git/pcre2leakfix_p.h"

#include <git2.h>

#include <dlfcn.h>
#include <link.h>

#include <cstddef>
#include <cstdint>

// PCRE2's own names for its types (pcre2.h with PCRE2_CODE_UNIT_WIDTH 8): only pointers to them
// pass through here, so grex needs no PCRE2 headers.
extern "C" {
struct pcre2_real_match_data_8;
struct pcre2_real_general_context_8;
}

namespace Grex::Git {

namespace {

using MatchData = pcre2_real_match_data_8;
using CreateFunction = MatchData *(*)(uint32_t, pcre2_real_general_context_8 *);
using FreeFunction = void (*)(MatchData *);

struct CodeRange
{
    uintptr_t begin = 0;
    uintptr_t end = 0;

    bool contains(uintptr_t address) const { return address >= begin && address < end; }
};

struct Pcre2
{
    CreateFunction createMatchData = nullptr; // libpcre2-8's; null when it is not loaded
    FreeFunction freeMatchData = nullptr;
    CodeRange libgit2; // libgit2's code while it is one that loses match data; else empty
};

struct SegmentSearch
{
    uintptr_t address = 0;
    CodeRange found;
};

// The executable segment of the loaded object that holds search->address.
int findSegment(dl_phdr_info *info, size_t, void *data)
{
    auto *search = static_cast<SegmentSearch *>(data);
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr) &header = info->dlpi_phdr[i];
        if (header.p_type != PT_LOAD || (header.p_flags & PF_X) == 0)
            continue;
        const CodeRange segment{info->dlpi_addr + header.p_vaddr,
                                info->dlpi_addr + header.p_vaddr + header.p_memsz};
        if (segment.contains(search->address)) {
            search->found = segment;
            return 1;
        }
    }
    return 0;
}

const Pcre2 &pcre2()
{
    // Thread-safe and on first use, which may be GLib's before grex initialises libgit2; nothing
    // here calls PCRE2, so it cannot recurse.
    static const Pcre2 resolved = [] {
        Pcre2 p;
        // RTLD_NEXT skips the executable, whose definitions below hide libpcre2-8's from dlsym's
        // default search; with PCRE2 absent both stay null and every call is a no-op.
        p.createMatchData =
            reinterpret_cast<CreateFunction>(dlsym(RTLD_NEXT, "pcre2_match_data_create_8"));
        p.freeMatchData =
            reinterpret_cast<FreeFunction>(dlsym(RTLD_NEXT, "pcre2_match_data_free_8"));
        int major = 0;
        int minor = 0;
        int revision = 0;
        git_libgit2_version(&major, &minor, &revision);
        // Only the libgit2 known to lose match data is helped; 1.6 frees it itself.
        if (p.createMatchData && p.freeMatchData && major == 1 && minor < 6) {
            // In a position-independent executable the address is git_libgit2_init's own in
            // libgit2, so the range is libgit2's code; were it a PLT entry in the executable, no
            // libgit2 call would fall in the range and the fix would stay off, never misfire.
            SegmentSearch search{reinterpret_cast<uintptr_t>(&git_libgit2_init), {}};
            dl_iterate_phdr(findSegment, &search);
            p.libgit2 = search.found;
        }
        return p;
    }();
    return resolved;
}

// The match data libgit2 made last on this thread and has not freed yet. Each libgit2 1.5
// function that makes one (git_regexp_match, git_regexp_search in src/util/regexp.c) frees or
// drops it before it returns, and never calls back into libgit2 meanwhile, so when libgit2 makes
// the next one on this thread, this one is lost for good.
thread_local MatchData *t_unfreed = nullptr;
// Set once this thread's reaper has run: a later match data is left to leak, not remembered.
thread_local bool t_reaped = false;

// Frees the last lost match data when its thread exits (and the main thread's in exit(), before
// LeakSanitizer looks).
struct Reaper
{
    Reaper() = default;
    Reaper(const Reaper &) = delete;
    Reaper &operator=(const Reaper &) = delete;
    ~Reaper()
    {
        if (t_unfreed)
            pcre2().freeMatchData(t_unfreed);
        t_unfreed = nullptr;
        t_reaped = true;
    }
};
thread_local Reaper t_reaper;

} // namespace

bool installPcre2LeakFix()
{
    const CodeRange &range = pcre2().libgit2;
    return range.begin != range.end;
}

} // namespace Grex::Git

// Defined in the executable, these come before libpcre2-8's for every library's calls; libgit2
// 1.5.1 calls nothing else of PCRE2 that allocates (src/util/regexp.c).
extern "C" __attribute__((visibility("default"))) pcre2_real_match_data_8 *
pcre2_match_data_create_8(uint32_t ovecsize, pcre2_real_general_context_8 *context)
{
    using namespace Grex::Git;
    const Pcre2 &p = pcre2();
    if (!p.createMatchData)
        return nullptr;
    // A PLT call returns into its caller's code: only libgit2's own calls are looked at.
    const auto caller = reinterpret_cast<uintptr_t>(__builtin_return_address(0));
    if (!p.libgit2.contains(caller))
        return p.createMatchData(ovecsize, context);
    if (t_unfreed) {
        p.freeMatchData(t_unfreed);
        t_unfreed = nullptr;
    }
    MatchData *data = p.createMatchData(ovecsize, context);
    if (!t_reaped) {
        // Taking the reaper's address constructs it, which registers its destructor for this
        // thread's exit.
        static_cast<void>(&t_reaper);
        t_unfreed = data;
    }
    return data;
}

extern "C" __attribute__((visibility("default"))) void
pcre2_match_data_free_8(pcre2_real_match_data_8 *data)
{
    using namespace Grex::Git;
    // Whoever frees it, libgit2 on success or in git_regexp_search, it is no longer lost.
    if (data && data == t_unfreed)
        t_unfreed = nullptr;
    if (const FreeFunction freeMatchData = pcre2().freeMatchData)
        freeMatchData(data);
}
