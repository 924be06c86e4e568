// The model's C support, for what Swift cannot spell: the calling thread's cached transaction
// stack (a C thread-local variable), cache-line prefetches for the commit's walks, and the
// sine and cosine of an angle in one call.
#ifndef QUARTZ_CORE_MODEL_SUPPORT_H
#define QUARTZ_CORE_MODEL_SUPPORT_H

#include "QuartzCoreModelThreadSlot.h"
#include "QuartzCoreModelPrefetch.h"
#include "QuartzCoreModelSinCos.h"

#endif
