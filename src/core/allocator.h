#pragma once

namespace Grex {

// Sets the C library's allocator up for a grex process, before it allocates much: a block of
// 128 KiB or more always gets a mapping of its own, handed back to the system when freed. Does
// nothing where the C library is not glibc.
void tuneAllocator();

} // namespace Grex
