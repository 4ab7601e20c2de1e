// Turning the screen under an SDL window off and on again (DPMS), through the display
// connection SDL already has: the X server's DPMS extension, or the DRM device SDL's kmsdrm
// back end drives. In C because SDL_syswm.h brings Xlib's names (Window, Bool, None…) that
// must not reach Swift.
#ifndef CASCADE_DISPLAY_POWER_H
#define CASCADE_DISPLAY_POWER_H

#include <stddef.h>

typedef enum {
    /// Done through the X server's DPMS extension.
    cascade_power_x11_dpms = 1,
    /// Done through the DRM connector's DPMS property.
    cascade_power_drm_dpms = 2,
    /// Neither was possible; `reason` says why.
    cascade_power_unsupported = 0,
} cascade_power_method;

/// `window` is an SDL_Window *; `on` 1 to light the screen, 0 to turn it off. On
/// `cascade_power_unsupported`, `reason` (at most `reason_size` bytes, NUL included) says why.
cascade_power_method cascade_set_display_power(void *window, int on, char *reason, size_t reason_size);

#endif
