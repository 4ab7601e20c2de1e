// `brightness N` on the panel's backlight (Screen's Backlight), and its percent in `get-state`.
// The device is looked up at each use, not kept: a few small sysfs reads, and a panel that
// appears or goes (a DSI display's driver loading late) is simply seen.

import Control
import Screen

extension ViewerSession {
    func performBrightness(_ percent: Int) -> Result<JSONValue, ControlError> {
        guard let backlight = Backlight.find() else {
            return .failure(ControlError("brightness: this screen has no backlight to set (nothing in \(Backlight.root))"))
        }
        do throws(BacklightError) {
            try backlight.set(percent: percent)
        } catch {
            log.warning("\(error)")
            return .failure(ControlError("brightness: \(error)"))
        }
        log.info("backlight \(backlight.name): \(percent) %")
        return .success(.null)
    }

    /// `"brightness"`: the backlight's percent, where there is a backlight.
    var brightnessState: [(String, JSONValue)] {
        Backlight.find()?.percent().map { [("brightness", .int($0))] } ?? []
    }
}
