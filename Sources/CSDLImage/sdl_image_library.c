// Every SDL_image function cascade calls, forwarded to the library opened on first use.
#include "CSDLImage.h"
#include "lazy_library.h"

_Static_assert(SDL_IMAGE_MAJOR_VERSION == 2, "SDL_image 2 (soname libSDL2_image-2.0.so.0) expected");
static struct cascade_lazy_library image_library = CASCADE_LAZY_LIBRARY("libSDL2_image-2.0.so.0");

bool cascade_sdl_image_open(void) { return cascade_lazy_open(&image_library); }
const char *cascade_sdl_image_error(void) { return image_library.error; }

#define CALL(name) CASCADE_LAZY_CALL(image_library, name)

int IMG_Init(int flags) { return CALL(IMG_Init)(flags); }
SDL_Surface *IMG_LoadTyped_RW(SDL_RWops *source, int freesrc, const char *type) {
    return CALL(IMG_LoadTyped_RW)(source, freesrc, type);
}
SDL_Surface *IMG_Load(const char *file) { return CALL(IMG_Load)(file); }
