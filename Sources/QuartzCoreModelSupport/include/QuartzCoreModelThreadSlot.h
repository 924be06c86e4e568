// The calling thread's transaction stack, cached in a C thread-local variable for the model's
// property setters (QuartzCoreModel's TransactionStack.withCurrent), and the calling thread's
// identity for LayerTreeLock.
//
// Swift has no thread-local storage of its own: reading a POSIX thread-specific slot is a
// `swift_once` (the slot's lazily made key) and a `pthread_getspecific` call, ~25 instructions a
// property set. This variable is one `%fs`-relative load. It holds an unretained pointer: the
// thread-specific slot keeps the stack alive, and the stack clears this cache when it goes.
#ifndef QUARTZ_CORE_MODEL_THREAD_SLOT_H
#define QUARTZ_CORE_MODEL_THREAD_SLOT_H

/// The calling thread's transaction stack (unretained), NULL before its first use there.
extern __thread void *_Nullable qc_transactionStackCache __attribute__((tls_model("initial-exec")));

/// The calling thread's cached transaction stack, NULL when none is cached.
static inline void *_Nullable qc_cachedTransactionStack(void) {
    return qc_transactionStackCache;
}

/// Caches `stack` (unretained, NULL to clear) as the calling thread's transaction stack.
static inline void qc_cacheTransactionStack(void *_Nullable stack) {
    qc_transactionStackCache = stack;
}

/// A byte of each thread's own, whose address identifies the thread (`LayerTreeLock`'s owner).
extern __thread char qc_threadIdentityByte __attribute__((tls_model("initial-exec")));

/// The calling thread's identity: unique among running threads and never 0. Two instructions
/// (the thread pointer plus an offset), where `pthread_self()` is a call through the PLT.
static inline unsigned long qc_callingThreadIdentity(void) {
    return (unsigned long)&qc_threadIdentityByte;
}

#endif
