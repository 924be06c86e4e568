// libFuzzer's driver entry point, for a program that keeps its own `main` (qc-fuzz).
// Defined by clang's libclang_rt.fuzzer_no_main, which scripts/fuzz.sh links only into
// instrumented builds; ordinary builds never reference it.
#ifndef QC_LIBFUZZER_H
#define QC_LIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
