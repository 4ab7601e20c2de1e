// The date scrubber as drawn: a translucent rail down the window's right edge, a thumb on it,
// ticks with the year where each year starts, and a label left of the thumb naming what is
// under it. Everything is in logical pixels and fades as one with `opacity`; the text comes
// from the tile drawer's cache, so a label that changes a few times a second costs a texture
// each time and a still one nothing.

import Waterfall

/// What the scrubber shows this frame, worked out by the screen that owns it.
public struct ScrubberLook: Sendable, Equatable {
    public struct Mark: Sendable, Equatable {
        public let y: Double
        public let text: String
        public init(y: Double, text: String) { self.y = y; self.text = text }
    }

    public var rail: Rect
    public var thumb: Rect
    public var marks: [Mark]
    /// The label beside the thumb, while it is held.
    public var label: String?
    /// 0 (gone) … 1 (fully shown).
    public var opacity: Double

    public init(rail: Rect, thumb: Rect, marks: [Mark], label: String?, opacity: Double) {
        self.rail = rail; self.thumb = thumb; self.marks = marks; self.label = label; self.opacity = opacity
    }
}

@MainActor
extension TileDrawer {
    public func drawScrubber(_ look: ScrubberLook) {
        let level = min(max(look.opacity.isNaN ? 0 : look.opacity, 0), 1)
        guard level > 0 else { return }
        func faded(_ colour: ScreenColor) -> ScreenColor {
            var colour = colour
            colour.alpha = UInt8((level * Double(colour.alpha)).rounded())
            return colour
        }
        renderer.fill(pixelRect(for: look.rail), color: faded(ScreenColor(red: 0, green: 0, blue: 0, alpha: 120)))
        // Ticks across the rail, the year just left of it; a year too close to the one above is
        // left out rather than printed over it.
        var lastTextY = -Double.infinity
        let lineHeight = Double(text?.lineHeight ?? 0) / renderer.scale
        for mark in look.marks {
            renderer.fill(pixelRect(for: Rect(x: look.rail.minX, y: mark.y, width: look.rail.width, height: 1)),
                          color: faded(theme.captionText))
            guard lineHeight > 0, mark.y - lastTextY >= lineHeight + 2 * Self.labelPadding else { continue }
            lastTextY = mark.y
            drawText(mark.text, endingAt: look.rail.minX - 10, centredOn: mark.y, level: level * 0.8)
        }
        renderer.fill(pixelRect(for: look.thumb), color: faded(theme.highlight))
        if let label = look.label {
            drawText(label, endingAt: look.rail.minX - 10, centredOn: look.thumb.midY, level: level)
        }
    }

    /// Room round a label's text inside its dark box, logical pixels.
    static let labelPadding = 5.0

    /// One line of text on a dark box (readable over any photo), its right end at `x`, centred
    /// vertically on `y` (logical pixels) and kept inside the window.
    private func drawText(_ line: String, endingAt x: Double, centredOn y: Double, level: Double) {
        guard let text, let texture = text.texture(for: line, maxWidth: max(1, Int(x * renderer.scale) - 8), truncation: .end),
              let handle = texture.handle else { return }
        let scale = renderer.scale
        let size = texture.size
        let right = Int((x * scale).rounded()), centre = Int((y * scale).rounded())
        let pad = Int((Self.labelPadding * scale).rounded())
        let output = renderer.outputSize
        let top = min(max(centre - size.height / 2, pad), max(pad, output.height - size.height - pad))
        let area = PixelRect(x: right - size.width, y: top, width: size.width, height: size.height)
        renderer.fill(PixelRect(x: area.x - pad, y: area.y - pad, width: area.width + 2 * pad, height: area.height + 2 * pad),
                      color: ScreenColor(red: 0, green: 0, blue: 0, alpha: UInt8((level * 190).rounded())))
        renderer.copy(handle, from: PixelRect(x: 0, y: 0, width: size.width, height: size.height), to: area,
                      alpha: UInt8((level * 255).rounded()), tint: theme.captionText)
    }
}
