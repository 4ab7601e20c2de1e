/// The colours of the wall. Dark, as photo viewers use, so the photos carry the colour;
/// every state is distinguishable at a glance but none shouts.
public struct Theme: Hashable, Sendable {
    /// Behind the tiles: the margins and everything below the last row.
    public var background: ScreenColor
    /// A tile whose pixels are still on the way.
    public var placeholder: ScreenColor
    /// A tile whose photo cannot be shown; muted red so it reads as "wrong", not "loading".
    public var errorFill: ScreenColor
    public var errorIcon: ScreenColor
    public var errorText: ScreenColor
    public var captionFill: ScreenColor
    public var captionText: ScreenColor
    /// The keyboard cursor's ring.
    public var highlight: ScreenColor
    /// The cursor ring's inner line. Blue alone fades into a pale sky; with a near-black line
    /// beside it one of the two contrasts at least 3:1 with any photo (WCAG 2.2's two-colour
    /// focus indicator).
    public var highlightEdge: ScreenColor
    /// A new arrival's corner flag: amber against the cursor's blue, the pair that stays apart
    /// for red-green colour blindness, on a different shape (a corner, not a ring) that fades.
    public var arrival: ScreenColor

    public init(background: ScreenColor, placeholder: ScreenColor, errorFill: ScreenColor,
                errorIcon: ScreenColor, errorText: ScreenColor, captionFill: ScreenColor,
                captionText: ScreenColor, highlight: ScreenColor,
                highlightEdge: ScreenColor = ScreenColor(rgb: 0x0A0A0C), arrival: ScreenColor = ScreenColor(rgb: 0xFFB000)) {
        self.background = background; self.placeholder = placeholder; self.errorFill = errorFill
        self.errorIcon = errorIcon; self.errorText = errorText; self.captionFill = captionFill
        self.captionText = captionText; self.highlight = highlight
        self.highlightEdge = highlightEdge; self.arrival = arrival
    }

    public static let standard = Theme(
        background: ScreenColor(rgb: 0x1B1B1D),
        placeholder: ScreenColor(rgb: 0x2E2E33),
        errorFill: ScreenColor(rgb: 0x3D2426),
        errorIcon: ScreenColor(rgb: 0xE8A33D),
        errorText: ScreenColor(rgb: 0xEAD6D6),
        captionFill: ScreenColor(rgb: 0x242427),
        captionText: ScreenColor(rgb: 0xCDCDD2),
        highlight: ScreenColor(rgb: 0x4C9AFF))
}
