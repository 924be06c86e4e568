#pragma once
#include <libseat.h>
