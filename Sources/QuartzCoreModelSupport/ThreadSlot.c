#include "QuartzCoreModelThreadSlot.h"

__thread void *_Nullable qc_transactionStackCache __attribute__((tls_model("initial-exec"))) = 0;
