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

/// Asks for every cache line that holds a byte of the `byteCount` bytes at `address`, for
/// reading. An object is allocated at any multiple of 16 bytes, so the fields a walk reads at
/// some offset of it lie in one line or straddle two, depending on where the object begins:
/// asking for the line of its first byte alone misses the second line three times in four.
///
/// One prefetch every 64 bytes from `address` and one of the last byte (no two addresses
/// asked for are more than a line apart, so every line is asked for, one at most twice): with
/// `byteCount` a constant where it is inlined, a fixed run of prefetches, no loop to run.
static inline void qc_prefetchRangeForReading(const void *_Nullable address, long byteCount) {
    const char *start = (const char *)address;
    for (long offset = 0; offset < byteCount; offset += 64) {
        __builtin_prefetch(start + offset, 0, 3);
    }
    __builtin_prefetch(start + byteCount - 1, 0, 3);
}

#endif
