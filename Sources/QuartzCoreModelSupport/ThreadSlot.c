#include "QuartzCoreModelThreadSlot.h"

__thread void *_Nullable qc_transactionStackCache __attribute__((tls_model("initial-exec"))) = 0;
__thread char qc_threadIdentityByte __attribute__((tls_model("initial-exec"))) = 0;
