// libheif's API for HEIC and AVIF, opened on the first such photo (CLazyLibrary says why): the
// functions cascade calls are stubs in heif_library.c with the header's own types.
#pragma once
#include <libheif/heif.h>
#include <stdbool.h>

/// Whether libheif could be opened (once, on the first call); if not, why.
bool cascade_heif_open(void);
const char *cascade_heif_error(void);
