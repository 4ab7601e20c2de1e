import CSDL2
import Logging
import Waterfall

/// Draws tiles — placeholder, photo, error — with optional captions, the cursor's ring and a new
/// arrival's corner flag, through a `Renderer`, from logical rects. The same code draws a window and an offscreen PNG.
@MainActor
public final class TileDrawer {
    /// Height of the caption strip in logical pixels. With captions on, the layout makes each
    /// tile this much taller than its photo part.
    nonisolated public static let captionStripHeight = 22.0
    /// Caption and error text size in logical pixels.
    public static let textSize = 13.0
    /// Thickness of the cursor's ring in logical pixels, and of its dark inner line.
    public static let highlightThickness = 4.0
    public static let highlightEdgeThickness = 1.0
    /// The legs of a new arrival's corner flag in logical pixels (at most a third of the tile).
    public static let arrivalFlagSize = 26.0
    /// Height of a section's heading on a wall sorted by date, in logical pixels, and the size
    /// of its text: larger than a caption's, as a heading reads before the photos under it.
    nonisolated public static let headingHeight = 36.0
    public static let headingTextSize = 18.0
    /// The side of the mark on a tile whose photo moves (an animated GIF, WebP or JPEG XL).
    public static let motionMarkSize = 20.0

    public let renderer: Renderer
    public var theme: Theme
    let text: TextRenderer?
    /// The headings' larger text; opened with the captions' font at the first heading drawn.
    private var headingText: TextRenderer?
    private let fontPath: String?

    private static var reportedMissingFont = false
    private static let logger = Logger(label: "cascade.screen")

    /// - Parameter fontPath: the caption font; by default DejaVu Sans found by `FontLocator`.
    ///   With no usable font, captions are off (logged once per process) and error tiles show
    ///   their icon without text.
    public init(renderer: Renderer, theme: Theme = .standard, fontPath: String? = FontLocator.locate()) {
        self.renderer = renderer
        self.theme = theme
        var text: TextRenderer?
        var problem = "no font found (set \(FontLocator.environmentVariable) or install fonts-dejavu-core)"
        if let fontPath {
            do {
                text = try TextRenderer(fontPath: fontPath,
                                        pixelSize: Int((Self.textSize * renderer.scale).rounded()), renderer: renderer)
            } catch {
                problem = "\(error)"
            }
        }
        self.text = text
        self.fontPath = text == nil ? nil : fontPath
        if text == nil && !Self.reportedMissingFont {
            Self.reportedMissingFont = true
            Self.logger.warning("captions are off: \(problem)")
        }
    }

    /// True when captions can be drawn (a font was found).
    public var captionsAvailable: Bool { text != nil }

    /// The caption strip height the layout must add to each tile: 0 when captions are unavailable.
    public var captionHeight: Double { captionsAvailable ? Self.captionStripHeight : 0 }

    /// Caption and error-text textures currently cached.
    public var cachedTextCount: Int { text?.cachedCount ?? 0 }

    /// Fills the whole target with the background (the margins between tiles).
    public func clearBackground() {
        renderer.clear(theme.background)
    }

    /// The physical pixels a logical rect covers; neighbours share edges exactly.
    public func pixelRect(for rect: Rect) -> PixelRect {
        PixelRect(snapping: rect, scale: renderer.scale)
    }

    /// Draws one tile into `rect` (logical pixels, as the layout gives it). With a caption
    /// (and captions available) the bottom `captionStripHeight` of the rect shows it and the
    /// content fills the rest.
    public func draw(_ content: TileContent, in rect: Rect, caption: String? = nil) {
        var body = rect
        if let caption, captionsAvailable {
            let strip = min(Self.captionStripHeight, max(0, rect.height))
            body.size.height = rect.height - strip
            drawCaption(caption, in: Rect(x: rect.minX, y: rect.maxY - strip, width: rect.width, height: strip))
        }
        let area = pixelRect(for: body)
        guard !area.isEmpty else { return }
        switch content {
        case .placeholder:
            renderer.fill(area, color: theme.placeholder)
        case let .photo(texture, opacity):
            drawPhoto(texture, opacity: opacity, in: area)
        case let .error(reason):
            drawError(reason, in: area)
        }
    }

    /// The keyboard cursor: a thick accent ring with a dark line between it and the photo. It
    /// goes round the tile in the gap beside it when the gap (`room`, logical pixels: the
    /// smallest margin) holds it, so it covers neither the photo's edge nor its caption's text;
    /// with margins too thin it goes just inside the tile's edges, never over a neighbour. A ring
    /// round the whole tile, where a new arrival gets a corner flag: the two never read alike.
    public func drawCursor(around rect: Rect, room: Double) {
        let tile = pixelRect(for: rect)
        let ring = max(2, Int((Self.highlightThickness * renderer.scale).rounded()))
        let edge = max(1, Int((Self.highlightEdgeThickness * renderer.scale).rounded()))
        let outside = Int((room * renderer.scale).rounded(.down)) >= ring + edge
        let area = outside ? tile.insetBy(-(ring + edge)) : tile
        renderer.outline(area, thickness: ring, color: theme.highlight)
        let inner = area.insetBy(ring)
        if inner.width > 2 * edge, inner.height > 2 * edge { renderer.outline(inner, thickness: edge, color: theme.highlightEdge) }
    }

    /// The mark of a photo that moves: a small dark square in the bottom-left corner of `rect`
    /// (the photo's part of the tile) with a light "play" triangle, as file managers and
    /// galleries mark a video or an animation. The other corner holds the arrival flag.
    public func drawMotionMark(in rect: Rect) {
        let area = pixelRect(for: rect)
        let side = min(Self.motionMarkSize * renderer.scale, Double(min(area.width, area.height)) / 3).rounded()
        guard side >= 6 else { return }
        let inset = (4 * renderer.scale).rounded()
        let left = Double(area.x) + inset, bottom = Double(area.maxY) - inset
        renderer.fill(PixelRect(x: Int(left), y: Int(bottom - side), width: Int(side), height: Int(side)), color: theme.highlightEdge)
        let pad = (side / 4).rounded()
        renderer.fillTriangle((left + pad, bottom - side + pad), (left + pad, bottom - pad), (left + side - pad, bottom - side / 2),
                              color: theme.captionText)
    }

    /// A new arrival's mark: a flag filling the tile's top-right corner, at `opacity` as it
    /// fades out.
    public func drawArrivalMark(in rect: Rect, opacity: Double = 1) {
        let area = pixelRect(for: rect)
        let side = min(Self.arrivalFlagSize * renderer.scale, Double(min(area.width, area.height)) / 3).rounded()
        guard side >= 1 else { return }
        let level = min(max(opacity.isNaN ? 1 : opacity, 0), 1)
        var color = theme.arrival, edge = theme.highlightEdge
        color.alpha = UInt8((level * Double(color.alpha)).rounded())
        edge.alpha = UInt8((level * Double(edge.alpha)).rounded())
        guard color.alpha > 0 else { return }
        let right = Double(area.maxX), top = Double(area.y)
        // A dark band along the diagonal first, so the flag stands out on a warm photo too.
        let band = side + 2 * renderer.scale
        renderer.fillTriangle((right - band, top), (right, top), (right, top + band), color: edge)
        renderer.fillTriangle((right - side, top), (right, top), (right, top + side), color: color)
    }

    private func drawPhoto(_ texture: TileTexture, opacity: Double, in area: PixelRect) {
        // The placeholder stays underneath while a photo fades in over it, and under a
        // translucent photo; an opaque one fully shown covers it, so filling it first would
        // only cost the software renderer a second write of every pixel.
        if !texture.isOpaque || !(opacity.isNaN || opacity >= 1) {
            renderer.fill(area, color: theme.placeholder)
        }
        copy(texture, to: area, cropping: true, opacity: opacity)
    }

    /// Copies a texture's content onto `area` — centre-cropped to its shape, or whole — at an
    /// opacity clamped to 0…1 (NaN counts as opaque).
    func copy(_ texture: TileTexture, to area: PixelRect, cropping: Bool, opacity: Double) {
        guard let handle = texture.handle, texture.renderer === renderer, !texture.contentSize.isEmpty,
              !area.isEmpty else { return }
        let level = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        guard level > 0 else { return }
        let content = texture.contentSize
        let source: PixelRect
        if cropping, (0...1).contains(content.width - area.width), (0...1).contains(content.height - area.height) {
            // Decoded for the most this tile covers at any scroll offset (WallScreen.decodeBox):
            // 1:1, a row or column left out, rather than scaled by one pixel.
            source = PixelRect(x: 0, y: 0, width: area.width, height: area.height)
        } else if cropping {
            source = AspectFill.sourceRect(content: content, destination: area.size)
        } else {
            source = PixelRect(x: 0, y: 0, width: content.width, height: content.height)
        }
        renderer.copy(handle, from: source, to: area, alpha: UInt8((level * 255).rounded()), opaque: texture.isOpaque)
    }

    private func drawError(_ reason: String, in area: PixelRect) {
        renderer.fill(area, color: theme.errorFill)
        let scale = renderer.scale
        let padding = max(1, Int((6 * scale).rounded()))
        let gap = max(1, Int((6 * scale).rounded()))
        let preferred = Int((40 * scale).rounded())
        var icon = min(preferred, area.width / 2, area.height / 2)
        let line = text.flatMap { text -> (OwnedTexture, Int)? in
            guard !reason.isEmpty, let made = text.texture(for: reason, maxWidth: area.width - 2 * padding, truncation: .end),
                  !made.isDestroyed else { return nil }
            return (made, text.lineHeight)
        }
        if let (label, lineHeight) = line, icon + gap + lineHeight + 2 * padding <= area.height {
            icon = min(preferred, area.width / 2, area.height - gap - lineHeight - 2 * padding)
            let block = icon + gap + lineHeight
            let top = area.y + (area.height - block) / 2
            ErrorIcon.draw(on: renderer, centredIn: PixelRect(x: area.x, y: top, width: area.width, height: icon),
                           side: icon, color: theme.errorIcon, cutout: theme.errorFill)
            let width = min(label.size.width, area.width - 2 * padding)
            let height = min(label.size.height, lineHeight)
            let x = area.x + (area.width - width) / 2
            if let handle = label.handle {
                renderer.copy(handle, from: PixelRect(x: 0, y: 0, width: width, height: height),
                              to: PixelRect(x: x, y: top + icon + gap, width: width, height: height),
                              tint: theme.errorText)
            }
        } else {
            ErrorIcon.draw(on: renderer, centredIn: area, side: icon, color: theme.errorIcon, cutout: theme.errorFill)
        }
    }

    /// A section's heading (`label`: "March 2019 · 214 photos") in `rect`, in the captions'
    /// colour straight on the background, left-aligned and at the bottom of the rect, just over
    /// the photos it heads. A band taller than it is wide (the heading of a wall scrolling
    /// sideways) has it turned a quarter clockwise, reading down from the band's top, as on a
    /// book's spine. Nothing is drawn without a font: the heading stays a gap.
    public func drawHeading(_ label: String, in rect: Rect) {
        let area = pixelRect(for: rect)
        guard !area.isEmpty, let fontPath else { return }
        if headingText == nil {
            headingText = try? TextRenderer(fontPath: fontPath, pixelSize: Int((Self.headingTextSize * renderer.scale).rounded()),
                                            renderer: renderer)
        }
        let turned = area.height > area.width
        guard let headingText, let made = headingText.texture(for: label, maxWidth: turned ? area.height : area.width, truncation: .end),
              let handle = made.handle else { return }
        if turned {
            let length = min(made.size.width, area.height)
            let thickness = min(made.size.height, area.width)
            renderer.copyTurnedClockwise(handle, from: PixelRect(x: 0, y: 0, width: length, height: thickness),
                                         origin: (area.x + (area.width - thickness) / 2, area.y), tint: theme.captionText)
            return
        }
        let width = min(made.size.width, area.width)
        let height = min(made.size.height, area.height)
        renderer.copy(handle, from: PixelRect(x: 0, y: 0, width: width, height: height),
                      to: PixelRect(x: area.x, y: area.maxY - height, width: width, height: height),
                      tint: theme.captionText)
    }

    private func drawCaption(_ caption: String, in strip: Rect) {
        let area = pixelRect(for: strip)
        guard !area.isEmpty, let text else { return }
        renderer.fill(area, color: theme.captionFill)
        let padding = max(1, Int((6 * renderer.scale).rounded()))
        guard let label = text.texture(for: caption, maxWidth: area.width - 2 * padding),
              let handle = label.handle else { return }
        // Never past the strip: the fitted text is at most the inner width, and a line taller
        // than the strip (a tiny tile) is cropped rather than spilled onto the neighbour.
        let width = min(label.size.width, area.width - 2 * padding)
        let height = min(label.size.height, area.height)
        let y = area.y + (area.height - height) / 2
        renderer.copy(handle, from: PixelRect(x: 0, y: 0, width: width, height: height),
                      to: PixelRect(x: area.x + padding, y: y, width: width, height: height),
                      tint: theme.captionText)
    }
}
