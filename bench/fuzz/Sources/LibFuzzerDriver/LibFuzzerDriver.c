// The declaration in include/LibFuzzerDriver.h is the whole module; libFuzzer itself comes from
// `-sanitize=fuzzer` at link time.
#include "LibFuzzerDriver.h"
