#include <X11/Xlib.h>
#include <X11/extensions/dpms.h>
