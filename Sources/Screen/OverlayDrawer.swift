import CSDL2
import Waterfall

/// What is drawn over the wall rather than in a tile: the detail view's photo, and panels of
/// text (the stats overlay, "Scanning…", "No photos in …"). Shares the tile drawer's renderer,
/// font and theme so both look like one program.
@MainActor
extension TileDrawer {
    public enum PanelPlacement: Sendable { case topLeft, topRight, centre, bottomCentre }

    /// Lines of text on a translucent dark panel. Each distinct line is a cached texture, so
    /// text that changes every frame should change at most a few times a second.
    public func drawPanel(_ lines: [String], placement: PanelPlacement) {
        guard let text, !lines.isEmpty else { return }
        let scale = renderer.scale
        let output = renderer.outputSize
        let padding = max(1, Int((8 * scale).rounded()))
        let maxWidth = max(1, output.width - 4 * padding)
        let labels = lines.map { text.texture(for: $0, maxWidth: maxWidth, truncation: .end) }
        let width = labels.map { $0?.size.width ?? 0 }.max() ?? 0
        let height = lines.count * text.lineHeight
        guard width > 0 else { return }
        let boxW = width + 2 * padding, boxH = height + 2 * padding
        let margin = padding
        let origin: (Int, Int)
        switch placement {
        case .topLeft: origin = (margin, margin)
        case .topRight: origin = (output.width - boxW - margin, margin)
        case .centre: origin = ((output.width - boxW) / 2, (output.height - boxH) / 2)
        case .bottomCentre: origin = ((output.width - boxW) / 2, output.height - boxH - margin)
        }
        renderer.fill(PixelRect(x: origin.0, y: origin.1, width: boxW, height: boxH),
                      color: ScreenColor(red: 0, green: 0, blue: 0, alpha: 170))
        for (i, label) in labels.enumerated() {
            guard let label, let handle = label.handle else { continue }
            renderer.copy(handle, from: PixelRect(x: 0, y: 0, width: label.size.width, height: label.size.height),
                          to: PixelRect(x: origin.0 + padding, y: origin.1 + padding + i * text.lineHeight,
                                        width: label.size.width, height: label.size.height),
                          tint: theme.captionText)
        }
    }

    /// The whole content of `texture` scaled into `rect` (logical pixels; may reach past the
    /// window when zoomed — SDL clips). No crop: the detail view shows the entire photo.
    public func drawImage(_ texture: TileTexture, in rect: Rect, opacity: Double = 1) {
        copy(texture, to: pixelRect(for: rect), cropping: false, opacity: opacity)
    }

    /// A plain fill of a logical rect (the detail view's background, a photo still loading).
    public func fill(_ rect: Rect, color: ScreenColor) {
        renderer.fill(pixelRect(for: rect), color: color)
    }
}
