// SwiftPM needs a source file in a C target; the declaration in CLibFuzzer.h is all it provides.
#include "CLibFuzzer.h"
