import CSDL2
import Waterfall

/// What is drawn over the wall rather than in a tile: the detail view's photo, and panels of
/// text (the stats overlay, "Scanning…", "No photos in …"). Shares the tile drawer's renderer,
/// font and theme so both look like one program.
@MainActor
extension TileDrawer {
    public enum PanelPlacement: Sendable {
        case topLeft, topCentre, topRight, centre, bottomCentre, bottomLeft
        /// Beside a tile (logical pixels, in the window), as `PanelBeside` places it.
        case beside(Rect)
    }

    /// The panels' backdrop: opaque black. Text read over a photo must read whatever the photo
    /// is; a see-through band let a tile's caption or a busy sky show through the letters.
    private static let panelAlpha: UInt8 = 255

    /// Lines of text on an opaque dark panel. Each distinct line is a cached texture, so
    /// text that changes every frame should change at most a few times a second. A tab splits
    /// a line into two columns, the second aligned across lines (the help's keys and actions).
    /// Returns where the panel was drawn, in physical pixels (nil when nothing was).
    /// Lines that do not fit the screen's height go on in further blocks to the right (the
    /// help on a small kiosk screen), each block with its own two columns.
    @discardableResult
    public func drawPanel(_ lines: [String], placement: PanelPlacement) -> PixelRect? {
        guard let text, !lines.isEmpty else { return nil }
        let scale = renderer.scale
        let output = renderer.outputSize
        let padding = max(1, Int((8 * scale).rounded()))
        let gap = 2 * padding
        let rowsFit = max(1, (output.height - 4 * padding) / max(1, text.lineHeight))
        let blockCount = (lines.count + rowsFit - 1) / rowsFit
        let rows = (lines.count + blockCount - 1) / blockCount
        var widest = output.width - 4 * padding
        if case .beside(let tile) = placement {
            // As wide as a tile of the narrowest automatic column at the least.
            let least = Int((240 * scale).rounded())
            widest = min(widest, PanelBeside.widthLimit(beside: pixelRect(for: tile), gap: padding, in: output, margin: padding, least: least)
                         - 2 * padding)
        }
        let blockMaxWidth = max(1, (widest - (blockCount - 1) * 2 * gap) / blockCount)
        let blocks = stride(from: 0, to: lines.count, by: rows).map { panelBlock(Array(lines[$0..<min($0 + rows, lines.count)]), maxWidth: blockMaxWidth, gap: gap) }
        let width = blocks.map(\.width).reduce(0, +) + (blocks.count - 1) * 2 * gap
        let height = rows * text.lineHeight
        guard width > 0 else { return nil }
        let boxW = width + 2 * padding, boxH = height + 2 * padding
        let margin = padding
        let origin: (Int, Int)
        switch placement {
        case .topLeft: origin = (margin, margin)
        case .topCentre: origin = ((output.width - boxW) / 2, margin)
        case .topRight: origin = (output.width - boxW - margin, margin)
        case .centre: origin = ((output.width - boxW) / 2, (output.height - boxH) / 2)
        case .bottomCentre: origin = ((output.width - boxW) / 2, output.height - boxH - margin)
        case .bottomLeft: origin = (2 * margin, output.height - boxH - 2 * margin)
        case .beside(let tile):
            // Clear of the cursor's ring round the tile, with the panel's own padding to spare.
            origin = PanelBeside.origin(of: PixelSize(width: boxW, height: boxH), beside: pixelRect(for: tile), gap: margin,
                                        in: output, margin: margin)
        }
        let box = PixelRect(x: origin.0, y: origin.1, width: boxW, height: boxH)
        renderer.fill(box, color: ScreenColor(red: 0, green: 0, blue: 0, alpha: Self.panelAlpha))
        var blockX = origin.0 + padding
        for block in blocks {
            for (i, pair) in block.labels.enumerated() {
                for (label, x) in [(pair.0, 0), (pair.1, block.secondX)] {
                    guard let label, let handle = label.handle else { continue }
                    renderer.copy(handle, from: PixelRect(x: 0, y: 0, width: label.size.width, height: label.size.height),
                                  to: PixelRect(x: blockX + x, y: origin.1 + padding + i * text.lineHeight,
                                                width: label.size.width, height: label.size.height),
                                  tint: theme.captionText)
                }
            }
            blockX += block.width + 2 * gap
        }
        return box
    }

    /// One block of a panel: each line's labels (a tab splits it into two columns, the second
    /// aligned across the block), where the second column starts, and the block's width.
    private func panelBlock(_ lines: [String], maxWidth: Int, gap: Int)
        -> (labels: [(OwnedTexture?, OwnedTexture?)], secondX: Int, width: Int) {
        guard let text else { return ([], 0, 0) }
        let columns = lines.map { line -> (String, String?) in
            guard let tab = line.firstIndex(of: "\t") else { return (line, nil) }
            return (String(line[..<tab]), String(line[line.index(after: tab)...]))
        }
        let firstWidth = columns.filter { $0.1 != nil }.map { text.width(of: TextRenderer.printable($0.0)) }.max() ?? 0
        let secondX = min(firstWidth + gap, maxWidth / 2)
        let labels = columns.map { first, second -> (OwnedTexture?, OwnedTexture?) in
            guard let second else { return (text.texture(for: first, maxWidth: maxWidth, truncation: .end), nil) }
            // The value column keeps both ends: a long path's file name is what matters.
            return (text.texture(for: first, maxWidth: max(1, secondX - gap), truncation: .end),
                    text.texture(for: second, maxWidth: max(1, maxWidth - secondX), truncation: .middle))
        }
        let width = labels.map { first, second in
            second.map { secondX + $0.size.width } ?? first?.size.width ?? 0
        }.max() ?? 0
        return (labels, secondX, width)
    }

    /// The whole content of `texture` scaled into `rect` (logical pixels; may reach past the
    /// window when zoomed — SDL clips). No crop: the detail view shows the entire photo.
    public func drawImage(_ texture: TileTexture, in rect: Rect, opacity: Double = 1) {
        var area = pixelRect(for: rect)
        let content = texture.contentSize
        // A photo decoded to fit this rect comes out a pixel off where the fit rounds the other
        // way: it is copied 1:1, centred, rather than stretched by a pixel — which the software
        // renderer does through its slow scaling path on every frame of a fade.
        if abs(content.width - area.width) <= 2, abs(content.height - area.height) <= 2 {
            area = PixelRect(x: area.x + (area.width - content.width) / 2, y: area.y + (area.height - content.height) / 2,
                             width: content.width, height: content.height)
        }
        copy(texture, to: area, cropping: false, opacity: opacity)
    }

    /// A plain fill of a logical rect (the detail view's background, a photo still loading).
    public func fill(_ rect: Rect, color: ScreenColor) {
        renderer.fill(pixelRect(for: rect), color: color)
    }
}
