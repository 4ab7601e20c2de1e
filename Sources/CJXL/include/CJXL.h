// libjxl's decoder API, opened on the first JPEG XL photo (CLazyLibrary says why): the functions
// cascade calls are stubs in jxl_library.c with the header's own types.
#pragma once
#include <jxl/decode.h>
#include <stdbool.h>

/// Whether libjxl could be opened (once, on the first call); if not, why.
bool cascade_jxl_open(void);
const char *cascade_jxl_error(void);
