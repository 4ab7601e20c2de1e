/// Cuts a scaled copy down to the part inside the target, for SDL's software renderer.
///
/// That renderer scales a copy that crosses the target's edge through a temporary surface the
/// size of the *whole* destination (SDL_render_sw.c: clipping a scaled blit would lose its
/// proportions): an allocation, a clear and a second blit for every tile the screen edge cuts,
/// every frame — and for a photo zoomed in the detail view, a surface many times the screen.
/// Handing it only the visible part avoids that. Source rects are whole pixels, so the cut
/// has to round somewhere:
/// - near 1:1 (a source pixel covers at most two on screen) the source is rounded and the
///   destination is exactly the visible part: nothing is allocated, and the picture moves
///   by at most a pixel;
/// - scaled up further, the source keeps every pixel that shows, even partly, and the
///   destination grows to match, so the picture stays exactly in place and the temporary
///   surface is at most one source pixel larger than the visible part.
enum EdgeClip {
    /// The copy to make instead, or nil to draw nothing (nothing of it is inside `bounds`).
    static func clip(source: PixelRect, destination: PixelRect,
                     to bounds: PixelRect) -> (source: PixelRect, destination: PixelRect)? {
        guard let x = clip(source.x, source.width, destination.x, destination.width, bounds.x, bounds.maxX),
              let y = clip(source.y, source.height, destination.y, destination.height, bounds.y, bounds.maxY)
        else { return nil }
        return (PixelRect(x: x.source, y: y.source, width: x.sourceLength, height: y.sourceLength),
                PixelRect(x: x.destination, y: y.destination, width: x.destinationLength, height: y.destinationLength))
    }

    /// Source pixels per destination pixel at or above which the source is rounded.
    static let roundingRatio = 0.5

    private static func clip(_ s0: Int, _ sourceLength: Int, _ d0: Int, _ destinationLength: Int,
                             _ low: Int, _ high: Int)
        -> (source: Int, sourceLength: Int, destination: Int, destinationLength: Int)?
    {
        let v0 = max(d0, low), v1 = min(d0 + destinationLength, high)
        guard v1 > v0, sourceLength > 0 else { return nil }
        if v0 == d0 && v1 == d0 + destinationLength { return (s0, sourceLength, d0, destinationLength) }
        let ratio = Double(sourceLength) / Double(destinationLength)
        let sourceEnd = s0 + sourceLength
        if ratio >= roundingRatio {
            let from = min(sourceEnd - 1, s0 + Int((Double(v0 - d0) * ratio).rounded()))
            let to = min(sourceEnd, max(from + 1, s0 + Int((Double(v1 - d0) * ratio).rounded())))
            return (from, to - from, v0, v1 - v0)
        }
        let from = s0 + Int((Double(v0 - d0) * ratio).rounded(.down))
        let to = min(sourceEnd, s0 + Int((Double(v1 - d0) * ratio).rounded(.up)))
        let start = d0 + Int((Double(from - s0) / ratio).rounded())
        let end = d0 + Int((Double(to - s0) / ratio).rounded())
        return (from, to - from, start, end - start)
    }
}
