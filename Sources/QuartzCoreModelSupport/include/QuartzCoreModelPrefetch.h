// Cache-line prefetches for the commit's walks over the changed layers (QuartzCoreModel's
// TransactionCommitter and RenderTreeStore), which Swift cannot spell.
//
// At N = 100,000 changed layers every layer object a commit visits is a miss to memory, and a
// walk that reads one layer's fields before the next (or releases it, an atomic operation that
// waits for the line) pays each miss in turn. A walk whose order is known (a list) asks for the
// lines of a layer some steps ahead, so that they are on their way while it works on this one.
#ifndef QUARTZ_CORE_MODEL_PREFETCH_H
#define QUARTZ_CORE_MODEL_PREFETCH_H

/// Asks for the cache line at `address` to be read into the caches, for reading; no effect on
/// what the program computes (an address that is not mapped is ignored).
static inline void qc_prefetchForReading(const void *_Nullable address) {
    __builtin_prefetch(address, 0, 3);
}

/// Asks for the cache line at `address` to be read into the caches, for writing (a reference
/// count about to change); no effect on what the program computes.
static inline void qc_prefetchForWriting(const void *_Nullable address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
