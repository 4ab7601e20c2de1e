// Every SDL_ttf function cascade calls, forwarded to the library opened on first use.
#include "CSDLFont.h"
#include "lazy_library.h"

_Static_assert(SDL_TTF_MAJOR_VERSION == 2, "SDL_ttf 2 (soname libSDL2_ttf-2.0.so.0) expected");
static struct cascade_lazy_library ttf_library = CASCADE_LAZY_LIBRARY("libSDL2_ttf-2.0.so.0");

bool cascade_sdl_font_open(void) { return cascade_lazy_open(&ttf_library); }
const char *cascade_sdl_font_error(void) { return ttf_library.error; }

#define CALL(name) CASCADE_LAZY_CALL(ttf_library, name)

int TTF_Init(void) { return CALL(TTF_Init)(); }
int TTF_WasInit(void) { return CALL(TTF_WasInit)(); }
TTF_Font *TTF_OpenFont(const char *file, int size) { return CALL(TTF_OpenFont)(file, size); }
void TTF_CloseFont(TTF_Font *font) { CALL(TTF_CloseFont)(font); }
void TTF_SetFontHinting(TTF_Font *font, int hinting) { CALL(TTF_SetFontHinting)(font, hinting); }
int TTF_FontHeight(const TTF_Font *font) { return CALL(TTF_FontHeight)(font); }
int TTF_SizeUTF8(TTF_Font *font, const char *text, int *w, int *h) { return CALL(TTF_SizeUTF8)(font, text, w, h); }
SDL_Surface *TTF_RenderUTF8_Blended(TTF_Font *font, const char *text, SDL_Color colour) {
    return CALL(TTF_RenderUTF8_Blended)(font, text, colour);
}
