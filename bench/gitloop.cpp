// The reference point of bench/run.sh: the least a libgit2 program has to do to clone or
// sync N repositories, with nothing else around it. No pack.yaml, no intent log, no lockfile,
// no locks; a fixed number of threads taking the next repository from a shared counter.
//
//   grex-bench-gitloop clone LIST DEST THREADS   LIST: lines "<name> <url>"; clones into DEST/<name>
//   grex-bench-gitloop sync  LIST DEST THREADS   fetch origin, fast-forward the branch, check out
//   grex-bench-gitloop status LIST DEST THREADS  count tracked files with changes in each clone
//                                                (the query `grex status` makes); prints the
//                                                number of dirty clones
//
// It is a plain C++ program on purpose: Qt is not needed to drive libgit2. It assumes what the
// benchmark's clones have (an "origin" remote, a branch tracking origin/<same name>) where grex
// reads the configuration, and it does not check for local changes before moving a branch.

#include <git2.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Entry
{
    std::string name;
    std::string url;
};

std::string lastError()
{
    const git_error *e = git_error_last();
    return e && e->message ? e->message : "unknown libgit2 error";
}

bool cloneOne(const Entry &entry, const std::string &dest, std::string &error)
{
    git_clone_options options = GIT_CLONE_OPTIONS_INIT;
    options.checkout_opts.checkout_strategy = GIT_CHECKOUT_SAFE;
    git_repository *repo = nullptr;
    const std::string path = dest + "/" + entry.name;
    const int rc = git_clone(&repo, entry.url.c_str(), path.c_str(), &options);
    git_repository_free(repo);
    if (rc != 0)
        error = lastError();
    return rc == 0;
}

bool syncOne(const Entry &entry, const std::string &dest, std::string &error)
{
    const std::string path = dest + "/" + entry.name;
    git_repository *repo = nullptr;
    git_remote *remote = nullptr;
    git_reference *head = nullptr;
    git_reference *upstream = nullptr;
    git_reference *moved = nullptr;
    git_object *target = nullptr;
    git_config *config = nullptr;
    std::string url;
    int rc = git_repository_open(&repo, path.c_str());
    if (rc == 0)
        rc = git_repository_config_snapshot(&config, repo);
    if (rc == 0) {
        const char *value = nullptr;
        rc = git_config_get_string(&value, config, "remote.origin.url");
        if (rc == 0)
            url = value;
    }
    git_config_free(config);
    // An in-memory remote with the default refspec, not git_remote_lookup: libgit2 1.5.1
    // leaks memory in the regex lookups git_remote_lookup and git_branch_upstream make.
    if (rc == 0) {
        git_remote_create_options options = GIT_REMOTE_CREATE_OPTIONS_INIT;
        options.repository = repo;
        options.flags = GIT_REMOTE_CREATE_SKIP_INSTEADOF | GIT_REMOTE_CREATE_SKIP_DEFAULT_FETCHSPEC;
        rc = git_remote_create_with_opts(&remote, url.c_str(), &options);
    }
    if (rc == 0) {
        char spec[] = "+refs/heads/*:refs/remotes/origin/*";
        char *specs[] = {spec};
        const git_strarray refspecs{specs, 1};
        git_fetch_options fetch = GIT_FETCH_OPTIONS_INIT;
        fetch.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_AUTO;
        rc = git_remote_fetch(remote, &refspecs, &fetch, nullptr);
    }
    if (rc == 0)
        rc = git_repository_head(&head, repo);
    if (rc == 0) {
        const std::string tracking =
            std::string("refs/remotes/origin/") + git_reference_shorthand(head);
        rc = git_reference_lookup(&upstream, repo, tracking.c_str());
    }
    if (rc == 0 && !git_oid_equal(git_reference_target(head), git_reference_target(upstream))) {
        rc = git_object_lookup(&target, repo, git_reference_target(upstream), GIT_OBJECT_COMMIT);
        if (rc == 0) {
            git_checkout_options checkout = GIT_CHECKOUT_OPTIONS_INIT;
            checkout.checkout_strategy = GIT_CHECKOUT_SAFE;
            rc = git_checkout_tree(repo, target, &checkout);
        }
        if (rc == 0)
            rc = git_reference_set_target(&moved, head, git_reference_target(upstream),
                                          "fast-forward");
    }
    if (rc != 0)
        error = lastError();
    git_object_free(target);
    git_reference_free(moved);
    git_reference_free(upstream);
    git_reference_free(head);
    git_remote_free(remote);
    git_repository_free(repo);
    return rc == 0;
}

// The same status query grex makes: tracked files only, submodules left out.
bool statusOne(const Entry &entry, const std::string &dest, bool &dirty, std::string &error)
{
    git_repository *repo = nullptr;
    git_status_list *list = nullptr;
    const std::string path = dest + "/" + entry.name;
    int rc = git_repository_open(&repo, path.c_str());
    if (rc == 0) {
        git_status_options options = GIT_STATUS_OPTIONS_INIT;
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR;
        options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
        rc = git_status_list_new(&list, repo, &options);
    }
    if (rc == 0) {
        dirty = false;
        const size_t count = git_status_list_entrycount(list);
        for (size_t i = 0; i < count; ++i) {
            const git_status_entry *e = git_status_byindex(list, i);
            if (e->status != GIT_STATUS_CURRENT && !(e->status & GIT_STATUS_IGNORED) &&
                e->status != GIT_STATUS_WT_NEW)
                dirty = true;
        }
    } else {
        error = lastError();
    }
    git_status_list_free(list);
    git_repository_free(repo);
    return rc == 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 5 || (std::strcmp(argv[1], "clone") != 0 && std::strcmp(argv[1], "sync") != 0 &&
                      std::strcmp(argv[1], "status") != 0)) {
        std::fprintf(stderr, "usage: %s clone|sync|status LIST DEST THREADS\n", argv[0]);
        return 2;
    }
    const bool cloning = std::strcmp(argv[1], "clone") == 0;
    const bool status = std::strcmp(argv[1], "status") == 0;
    std::atomic<int> dirtyCount{0};
    const std::string dest = argv[3];
    const int threads = std::atoi(argv[4]);
    if (threads < 1) {
        std::fprintf(stderr, "THREADS must be at least 1, not %s\n", argv[4]);
        return 2;
    }

    std::vector<Entry> entries;
    std::ifstream list(argv[2]);
    if (!list) {
        std::fprintf(stderr, "cannot read %s\n", argv[2]);
        return 2;
    }
    Entry entry;
    while (list >> entry.name >> entry.url)
        entries.push_back(entry);

    git_libgit2_init();
    std::atomic<size_t> next{0};
    std::atomic<int> failures{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&] {
            for (size_t i = next++; i < entries.size(); i = next++) {
                std::string error;
                bool dirty = false;
                const bool ok = status    ? statusOne(entries[i], dest, dirty, error)
                                : cloning ? cloneOne(entries[i], dest, error)
                                          : syncOne(entries[i], dest, error);
                if (dirty)
                    ++dirtyCount;
                if (!ok) {
                    std::fprintf(stderr, "%s: %s\n", entries[i].name.c_str(), error.c_str());
                    ++failures;
                }
            }
        });
    }
    for (std::thread &thread : pool)
        thread.join();
    git_libgit2_shutdown();
    if (status)
        std::printf("%d dirty\n", dirtyCount.load());
    return failures == 0 ? 0 : 1;
}
