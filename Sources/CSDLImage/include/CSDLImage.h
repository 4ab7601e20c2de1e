// SDL_image for GIF, BMP and TIFF, opened on the first such photo (CLazyLibrary says why): it
// brings libtiff, libjpeg and their compressors into every process that links it, and most
// folders hold none of these formats. The functions cascade calls are stubs in
// sdl_image_library.c with the header's own types.
#pragma once
#include <SDL2/SDL_image.h>
#include <stdbool.h>

/// Whether SDL_image could be opened (once, on the first call); if not, why.
bool cascade_sdl_image_open(void);
const char *cascade_sdl_image_error(void);
