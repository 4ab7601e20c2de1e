// What cascade asks of Xlib directly, for its SDL window on the x11 driver, where SDL 2.26 falls
// short: a title that is correct UTF-8 whatever the locale, and whether a window manager is
// there to honour a full-screen request. Each function answers -1 when the window is not on X11.
#ifndef CASCADE_X11_WINDOW_H
#define CASCADE_X11_WINDOW_H

#include <stddef.h>

struct SDL_Window;

/// Sets _NET_WM_NAME (UTF8_STRING) and WM_NAME: `latin1` as STRING when the title is all
/// Latin-1 (NULL otherwise), else the UTF-8 bytes typed UTF8_STRING. 0 when set.
int cascade_x11_set_title(struct SDL_Window *window, const char *utf8, size_t utf8_length,
                          const unsigned char *latin1, size_t latin1_length);

/// 1 when an EWMH window manager runs on the window's screen (_NET_SUPPORTING_WM_CHECK on the
/// root window), 0 when none does.
int cascade_x11_has_window_manager(struct SDL_Window *window);

/// Copies the X server's `Xft.dpi` resource (as xrdb set it: the dpi desktops give their fonts)
/// into `buffer`, NUL-terminated: 1 when there is one, 0 when there is none.
int cascade_x11_xft_dpi(struct SDL_Window *window, char *buffer, size_t size);

#endif
