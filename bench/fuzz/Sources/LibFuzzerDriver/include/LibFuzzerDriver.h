// libFuzzer's driver entry (compiler-rt FuzzerInterface.h), for executables whose `main` is Swift's.
//
// SwiftPM renames an executable module's entry point and defines `main` as that symbol, so libFuzzer's own
// `main` is never linked; the Swift `main` calls this instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
