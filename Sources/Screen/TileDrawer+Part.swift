import Waterfall

/// Part of a picture laid over a larger area: the slideshow's mat is made for the whole part of
/// the screen it may fill and drawn only in the bars beside the photo, so the photo's pixels are
/// not written twice (a second blend of every pixel on each frame of a fade).
@MainActor
extension TileDrawer {
    /// Draws what of `texture`, stretched over `whole`, falls on `part` (logical pixels).
    public func drawImage(_ texture: TileTexture, over whole: Rect, onlyIn part: Rect, opacity: Double = 1) {
        guard let handle = texture.handle, texture.renderer === renderer, !texture.contentSize.isEmpty else { return }
        let level = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        let area = pixelRect(for: whole), piece = pixelRect(for: part)
        guard level > 0, !area.isEmpty, !piece.isEmpty else { return }
        let content = texture.contentSize
        let sx = Double(content.width) / Double(area.width), sy = Double(content.height) / Double(area.height)
        let x0 = Int((Double(piece.x - area.x) * sx).rounded()), y0 = Int((Double(piece.y - area.y) * sy).rounded())
        let x1 = Int((Double(piece.x + piece.width - area.x) * sx).rounded())
        let y1 = Int((Double(piece.y + piece.height - area.y) * sy).rounded())
        let source = PixelRect(x: max(0, x0), y: max(0, y0), width: min(content.width, x1) - max(0, x0),
                               height: min(content.height, y1) - max(0, y0))
        guard !source.isEmpty else { return }
        renderer.copy(handle, from: source, to: piece, alpha: UInt8((level * 255).rounded()), opaque: texture.isOpaque)
    }
}
