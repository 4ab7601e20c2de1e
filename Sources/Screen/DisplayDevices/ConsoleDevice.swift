import CSDL2
import Glibc

/// Points SDL's kmsdrm driver at the display device `DisplayDeviceChoice` picks. SDL 2.26 scans
/// /dev/dri in directory order on its own, and a card with outputs but none connected that comes
/// later in that order makes it give up (it forgets the good card it found); the
/// `SDL_KMSDRM_DEVICE_INDEX` hint skips that scan and opens /dev/dri/card<index>.
public enum ConsoleDevice {
    /// Chooses the device and sets the hint, before SDL starts video. Returns the log line
    /// saying which device, connector and mode and why; nil when cascade is not starting on
    /// the console (SDL_VIDEODRIVER does not name kmsdrm and no device was named). `requested`
    /// is `--drm-device`; without it, SDL_KMSDRM_DEVICE_INDEX from the environment is honoured.
    @MainActor
    public static func steer(requested: String?, directory: String = DisplayDeviceProbe.directory) throws(DisplayDeviceError) -> String? {
        let drivers = SDL_getenv("SDL_VIDEODRIVER").map { String(cString: $0).lowercased() } ?? ""
        let onConsole = drivers.split(separator: ",").contains("kmsdrm")
        let fromEnvironment = SDL_getenv(SDL_HINT_KMSDRM_DEVICE_INDEX).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        guard requested != nil || onConsole else { return nil }
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
