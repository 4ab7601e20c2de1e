#include "x11_window.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <string.h>

static int x11_handles(struct SDL_Window *window, Display **display, Window *xwindow) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    *display = info.info.x11.display;
    *xwindow = info.info.x11.window;
    return *display != NULL && *xwindow != 0;
}

int cascade_x11_set_title(struct SDL_Window *window, const char *utf8, size_t utf8_length,
                          const unsigned char *latin1, size_t latin1_length) {
    Display *display;
    Window xwindow;
    if (!x11_handles(window, &display, &xwindow)) return -1;
    // Written straight, not through Xutf8TextListToTextProperty: that needs an Xlib locale
    // which cascade (like SDL) never sets, so in the C locale it fails and SDL leaves
    // _NET_WM_NAME out and puts raw UTF-8 into WM_NAME typed STRING (which is Latin-1).
    Atom utf8_string = XInternAtom(display, "UTF8_STRING", False);
    Atom net_wm_name = XInternAtom(display, "_NET_WM_NAME", False);
    XChangeProperty(display, xwindow, net_wm_name, utf8_string, 8, PropModeReplace,
                    (const unsigned char *)utf8, (int)utf8_length);
    if (latin1 != NULL) {
        XChangeProperty(display, xwindow, XA_WM_NAME, XA_STRING, 8, PropModeReplace, latin1, (int)latin1_length);
    } else {
        XChangeProperty(display, xwindow, XA_WM_NAME, utf8_string, 8, PropModeReplace,
                        (const unsigned char *)utf8, (int)utf8_length);
    }
    XFlush(display);
    return 0;
}

int cascade_x11_has_window_manager(struct SDL_Window *window) {
    Display *display;
    Window xwindow;
    if (!x11_handles(window, &display, &xwindow)) return -1;
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, xwindow, &attributes)) return -1;
    Atom check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", True);
    if (check == None) return 0;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    int found = XGetWindowProperty(display, attributes.root, check, 0, 1, False, XA_WINDOW, &type, &format,
                                   &count, &after, &data) == Success
        && type == XA_WINDOW && count == 1;
    if (data) XFree(data);
    return found;
}

int cascade_x11_xft_dpi(struct SDL_Window *window, char *buffer, size_t size) {
    Display *display;
    Window xwindow;
    if (!x11_handles(window, &display, &xwindow)) return -1;
    if (buffer == NULL || size == 0) return 0;
    // XGetDefault reads the server's RESOURCE_MANAGER property (what xrdb loaded), as Xft does.
    const char *value = XGetDefault(display, "Xft", "dpi");
    if (value == NULL) return 0;
    strncpy(buffer, value, size - 1);
    buffer[size - 1] = '\0';
    return 1;
}
