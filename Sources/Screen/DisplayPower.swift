// Off means off: the screen under the window goes to DPMS off through the display connection
// SDL already holds (X11's DPMS extension, or the DRM connector on the console), not through an
// outside tool. Where neither is possible the window is drawn black and the backlight is left
// to the system — the caller says so once in the log.

import CDisplayPower
import CSDL2

/// The kiosk blocked the screen saver before the screen went off: blocked again on waking.
@MainActor private var screenSaverBlockedBeforeOff = false

extension Window {
    public enum PowerMethod: Sendable, Equatable {
        case x11DPMS
        case drmDPMS
        /// No way to power the display down: a black window, for the stated reason.
        case blackScreen(reason: String)
    }

    /// Lights the screen or turns it off. Off also lets the desktop's own blanking run again
    /// (a kiosk's `keepScreenOn` would otherwise reset the X screen saver every 30 s, which
    /// wakes a DPMS-off monitor); on puts back what was there before.
    @discardableResult
    public func setDisplayPower(on: Bool) -> PowerMethod {
        // The window is being made again: there is nothing to power or draw black.
        guard !renderer.isDetached else { return .blackScreen(reason: "the display is gone") }
        if !on {
            screenSaverBlockedBeforeOff = SDL_IsScreenSaverEnabled() == SDL_FALSE
            SDL_EnableScreenSaver()
        }
        var reason = [CChar](repeating: 0, count: 256)
        let method = reason.withUnsafeMutableBufferPointer {
            cascade_set_display_power(UnsafeMutableRawPointer(handle), on ? 1 : 0, $0.baseAddress, $0.count)
        }
        if on, screenSaverBlockedBeforeOff { SDL_DisableScreenSaver() }
        switch method {
        case cascade_power_x11_dpms: return .x11DPMS
        case cascade_power_drm_dpms: return .drmDPMS
        default:
            if !on {
                renderer.clear(ScreenColor(rgb: 0))
                renderer.present()
            }
            return .blackScreen(reason: String(cString: reason))
        }
    }
}
