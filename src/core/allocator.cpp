#include "core/allocator.h"

#include <cstdlib> // defines __GLIBC__ when the C library is glibc

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace Grex {

void tuneAllocator()
{
#ifdef __GLIBC__
    // glibc raises that threshold to the size of every such block freed. After a sync had read
    // its log (megabytes at 10 000 packs), every list and buffer below that size came from the
    // heap and left it that much higher for the rest of the run: 2 MB of a 56 MB peak
    // (docs/performance.md, "Opened once").
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

void keepFewArenas()
{
#ifdef __GLIBC__
    // glibc gives each thread that allocates while another does an arena of its own, up to 8 per
    // core, and each arena keeps its own fragmented pages: over 10 000 calls (bench/soak) the
    // server's RSS kept creeping up, by 5 to 7 % after the first 1 000, with no leak. Two arenas
    // keep it lower and flatter.
    mallopt(M_ARENA_MAX, 2);
#endif
}

void shareArenas(int arenas)
{
#ifdef __GLIBC__
    // An arena per thread kept each thread's freed blocks for that thread alone: a walk on 32
    // threads held 3 MB more than on two arenas, and took no less time (docs/performance.md,
    // "Arenas for a wide walk").
    mallopt(M_ARENA_MAX, arenas);
#else
    (void)arenas;
#endif
}

void releaseFreedMemory()
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

} // namespace Grex
