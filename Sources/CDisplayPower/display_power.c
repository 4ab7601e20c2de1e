#include "display_power.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/extensions/dpms.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

// DPMS was off in the X server and cascade turned it on to force the level: it is turned off
// again on wake, so the server's own blanking settings stay as the session had them.
static int x11_dpms_enabled_here = 0;

static cascade_power_method x11_power(Display *display, int on, char *reason, size_t size) {
    int event_base = 0, error_base = 0;
    if (!DPMSQueryExtension(display, &event_base, &error_base)) {
        snprintf(reason, size, "the X server has no DPMS extension");
        return cascade_power_unsupported;
    }
    if (!DPMSCapable(display)) {
        snprintf(reason, size, "the X server's screen cannot do DPMS");
        return cascade_power_unsupported;
    }
    CARD16 level = 0;
    BOOL enabled = False;
    DPMSInfo(display, &level, &enabled);
    if (!on && !enabled) {
        DPMSEnable(display);
        x11_dpms_enabled_here = 1;
    }
    DPMSForceLevel(display, on ? DPMSModeOn : DPMSModeOff);
    if (on && x11_dpms_enabled_here) {
        DPMSDisable(display);
        x11_dpms_enabled_here = 0;
    }
    XFlush(display);
    return cascade_power_x11_dpms;
}

// Every connector that is lit (connected, with an encoder) gets its legacy DPMS property set;
// the kernel turns that into the CRTC's ACTIVE on atomic drivers. It needs DRM master, which
// the process that page-flips (SDL, on this descriptor) holds.
static cascade_power_method drm_power(int fd, int on, char *reason, size_t size) {
    drmModeRes *resources = drmModeGetResources(fd);
    if (!resources) {
        snprintf(reason, size, "cannot read the DRM device's connectors (%s)", strerror(errno));
        return cascade_power_unsupported;
    }
    int done = 0, failed_errno = 0;
    for (int i = 0; i < resources->count_connectors; i++) {
        drmModeConnector *connector = drmModeGetConnector(fd, resources->connectors[i]);
        if (!connector) continue;
        if (connector->connection == DRM_MODE_CONNECTED && connector->encoder_id != 0) {
            drmModeObjectProperties *props = drmModeObjectGetProperties(fd, connector->connector_id, DRM_MODE_OBJECT_CONNECTOR);
            for (uint32_t p = 0; props && p < props->count_props; p++) {
                drmModePropertyRes *prop = drmModeGetProperty(fd, props->props[p]);
                if (!prop) continue;
                if (strcmp(prop->name, "DPMS") == 0) {
                    if (drmModeConnectorSetProperty(fd, connector->connector_id, prop->prop_id,
                                                    on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF) == 0) {
                        done++;
                    } else {
                        failed_errno = errno;
                    }
                }
                drmModeFreeProperty(prop);
            }
            if (props) drmModeFreeObjectProperties(props);
        }
        drmModeFreeConnector(connector);
    }
    drmModeFreeResources(resources);
    if (done > 0) return cascade_power_drm_dpms;
    if (failed_errno) {
        snprintf(reason, size, "the DRM device refused DPMS (%s)", strerror(failed_errno));
    } else {
        snprintf(reason, size, "no lit DRM connector has a DPMS property");
    }
    return cascade_power_unsupported;
}

cascade_power_method cascade_set_display_power(void *window, int on, char *reason, size_t size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)window, &info)) {
        snprintf(reason, size, "SDL does not say which display it uses (%s)", SDL_GetError());
        return cascade_power_unsupported;
    }
    switch (info.subsystem) {
    case SDL_SYSWM_X11:
        return x11_power(info.info.x11.display, on, reason, size);
    case SDL_SYSWM_KMSDRM:
        if (info.info.kmsdrm.drm_fd < 0) {
            snprintf(reason, size, "SDL's kmsdrm back end has no DRM descriptor for this window");
            return cascade_power_unsupported;
        }
        return drm_power(info.info.kmsdrm.drm_fd, on, reason, size);
    case SDL_SYSWM_WAYLAND:
        snprintf(reason, size, "Wayland lets the compositor, not a client, power the screen");
        return cascade_power_unsupported;
    default:
        snprintf(reason, size, "the %s video driver has no display power control", SDL_GetCurrentVideoDriver());
        return cascade_power_unsupported;
    }
}
