#ifndef C_LIB_FUZZER_H
#define C_LIB_FUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): parses libFuzzer's flags from the command line and
// fuzzes `callback`, the way libFuzzer's own main does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
