// SDL_ttf for captions, messages and the help and stats overlays, opened when the first text is
// drawn (CLazyLibrary says why): it brings FreeType, HarfBuzz, GLib and graphite2 into the
// process, and a wall of photos draws no text before its first screen. The functions cascade
// calls are stubs in sdl_font_library.c with the header's own types.
#pragma once
#include <SDL2/SDL_ttf.h>
#include <stdbool.h>

/// Whether SDL_ttf could be opened (once, on the first call); if not, why.
bool cascade_sdl_font_open(void);
const char *cascade_sdl_font_error(void);
