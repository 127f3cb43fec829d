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

void shareArenas(int arenas)
{
#ifdef __GLIBC__
    // glibc gives each thread that allocates while another does an arena of its own, up to 8 per
    // core, and each arena keeps its freed blocks for the threads that use it.
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
