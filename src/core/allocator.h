#pragma once

namespace Grex {

// Sets the C library's allocator up for a grex process, before it allocates much: a block of
// 128 KiB or more always gets a mapping of its own, handed back to the system when freed. Does
// nothing where the C library is not glibc.
void tuneAllocator();

// For a process that lives for hours and runs its work on short-lived threads (grex serve): two
// malloc arenas in all. Call before those threads start.
void keepFewArenas();

} // namespace Grex
