import CSDL2
import Glibc

/// Points SDL's kmsdrm driver at the display device `DisplayDeviceChoice` picks. SDL 2.26 scans
/// /dev/dri in directory order on its own, and a card with outputs but none connected that comes
/// later in that order makes it give up (it forgets the good card it found); the
/// `SDL_KMSDRM_DEVICE_INDEX` hint skips that scan and opens /dev/dri/card<index>.
public enum ConsoleDevice {
    /// Chooses the device and sets the hint, before SDL starts video. Returns the log line
    /// saying which device, connector and mode and why; nil when cascade is not starting on
    /// the console. `requested` is `--drm-device`; without it, SDL_KMSDRM_DEVICE_INDEX from the
    /// environment is honoured.
    @MainActor
    public static func steer(requested: String?, directory: String = DisplayDeviceProbe.directory) throws(DisplayDeviceError) -> String? {
        func environment(_ name: String) -> String? {
            SDL_getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let kmsdrm = (environment("SDL_VIDEODRIVER") ?? "").lowercased().split(separator: ",").contains("kmsdrm")
        // A device named in /etc/cascade/cascade.toml for the kiosk must not stop the same
        // machine's desktop user, whose window goes to X11 or Wayland.
        let desktop = environment("DISPLAY") != nil || environment("WAYLAND_DISPLAY") != nil
        guard kmsdrm || (requested != nil && !desktop) else { return nil }
        let fromEnvironment = environment(SDL_HINT_KMSDRM_DEVICE_INDEX)
        let request: DisplayDeviceChoice.Request?
        if let requested {
            request = .init(spelled: requested, card: DisplayDeviceProbe.card(named: requested, in: directory))
        } else if let index = fromEnvironment {
            request = .init(spelled: "SDL_KMSDRM_DEVICE_INDEX=\(index)",
                            card: Int(index).flatMap { $0 >= 0 ? "card\($0)" : nil })
        } else {
            request = nil
        }
        let chosen = try DisplayDeviceChoice.choose(among: DisplayDeviceProbe.devices(in: directory), requested: request).get()
        guard let index = chosen.device.index else { return chosen.reason }
        SDL_SetHintWithPriority(SDL_HINT_KMSDRM_DEVICE_INDEX, String(index), SDL_HINT_OVERRIDE)
        return "display device " + chosen.reason
    }
}
