// Where a photo goes on screen: fitted whole into an area, and, for the slideshow's `pan`, the
// slow Ken Burns move over it. The move grows the photo by a few percent; a portrait grows from
// its top edge so heads stay in (picframe's "everyone loses their head"), a landscape drifts
// sideways about its centre.

import Waterfall

public enum KenBurns {
    /// How much larger the photo is at the end of its slide.
    public static let growth = 0.08
    /// How far a landscape drifts, as a share of its width, from one side to the other.
    public static let drift = 0.04

    /// `size` scaled to fit `area` whole, centred.
    public static func fit(_ size: Size, in area: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return area }
        let scale = min(area.width / size.width, area.height / size.height)
        let w = size.width * scale, h = size.height * scale
        return Rect(x: area.midX - w / 2, y: area.midY - h / 2, width: w, height: h)
    }

    /// The photo's rect `travel` (0…1) of the way through its move.
    public static func rect(_ fitted: Rect, travel: Double, portrait: Bool) -> Rect {
        let t = min(max(travel, 0), 1)
        let scale = 1 + growth * t
        let w = fitted.width * scale, h = fitted.height * scale
        if portrait {
            return Rect(x: fitted.midX - w / 2, y: fitted.minY, width: w, height: h)
        }
        let x = fitted.midX - w / 2 + (t - 0.5) * drift * fitted.width
        return Rect(x: x, y: fitted.midY - h / 2, width: w, height: h)
    }
}
