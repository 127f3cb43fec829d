#pragma once

namespace Grex {

// Sets the C library's allocator up for a grex process, before it allocates much: a block of
// 128 KiB or more always gets a mapping of its own, handed back to the system when freed. Does
// nothing where the C library is not glibc.
void tuneAllocator();

// For work about to run on many more threads than there are cores: at most `arenas` malloc
// arenas from here on. glibc decides its arena limit once, at its ninth arena or at the first
// call that sets one, so a later call changes nothing.
void shareArenas(int arenas);

// Hands the pages of freed memory back to the system, in every arena. For the moment a run lets
// go of what its worker threads built: what another thread allocates next cannot reuse their
// arenas' free pages, and would otherwise take pages of its own.
void releaseFreedMemory();

} // namespace Grex
