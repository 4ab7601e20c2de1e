// Where a slide's photos go on the screen, for the photo frame. Two portraits are laid out as one
// picture — the same height, a small even gap, centred as a whole — rather than each centred in
// its own half, which left a wide black band between them. A panorama much wider than the screen
// pans across at full height under `--transition pan`, as picframe and Immich Kiosk do, instead
// of showing as a thin strip. What the photos leave of the screen (the bars) is where a mat goes.

import Waterfall

public enum SlideLayout {
    /// The gap between two photos shown together, and the margin beside a pair too wide for the
    /// screen's height, as a share of the screen's width.
    public static let gapShare = 0.015
    /// A photo is a panorama when its shape is at least this many times wider than the screen's:
    /// fitted whole it would cover at most two thirds of the screen's height.
    public static let panoramaShare = 1.5

    /// Where each photo goes: one photo fitted whole and centred; several side by side at one
    /// height (the screen's, or less if they would be wider than it), `gapShare` apart, centred
    /// as a whole. A photo whose size is unknown counts as square.
    public static func frames(_ sizes: [Size], in screen: Size) -> [Rect] {
        guard !sizes.isEmpty, !screen.isEmpty else { return sizes.map { _ in .zero } }
        let shapes = sizes.map { $0.isEmpty ? 1 : $0.width / $0.height }
        let gap = sizes.count > 1 ? screen.width * gapShare : 0
        let gaps = gap * Double(sizes.count - 1)
        let total = shapes.reduce(0, +)
        // Too wide at full height: as wide as the screen less a gap's margin each side, so the
        // outer margin matches the gap between them.
        let height = min(screen.height, (screen.width - gaps - (sizes.count > 1 ? 2 * gap : 0)) / total)
        let width = height * total + gaps
        var x = (screen.width - width) / 2
        let y = (screen.height - height) / 2
        return shapes.map { shape in
            defer { x += height * shape + gap }
            return Rect(x: x, y: y, width: height * shape, height: height)
        }
    }

    /// Whether `size` is a panorama on `screen` (see `panoramaShare`).
    public static func isPanorama(_ size: Size, on screen: Size) -> Bool {
        guard !size.isEmpty, !screen.isEmpty else { return false }
        return size.width / size.height >= panoramaShare * screen.width / screen.height
    }

    /// A panorama at the screen's full height, `travel` (0…1) of the way from showing its left
    /// end to showing its right end.
    public static func pan(_ size: Size, on screen: Size, travel: Double) -> Rect {
        guard !size.isEmpty else { return Rect(origin: .zero, size: screen) }
        let t = min(max(travel, 0), 1)
        let width = screen.height * size.width / size.height
        return Rect(x: -(width - screen.width) * t, y: 0, width: width, height: screen.height)
    }

    /// The Ken Burns move over a slide, `travel` of the way through: its photos move as one
    /// picture (a pair's gap grows with them, so neither runs over the other). Portraits grow
    /// from their top edge, so heads stay in; a landscape drifts sideways.
    public static func kenBurns(_ frames: [Rect], travel: Double) -> [Rect] {
        let whole = frames.reduce(Rect.zero) { $0.union($1) }
        guard !whole.isEmpty else { return frames }
        let portrait = frames.count > 1 || whole.height > whole.width
        let moved = KenBurns.rect(whole, travel: travel, portrait: portrait)
        let scale = moved.width / whole.width
        return frames.map { rect in
            Rect(x: moved.minX + (rect.minX - whole.minX) * scale, y: moved.minY + (rect.minY - whole.minY) * scale,
                 width: rect.width * scale, height: rect.height * scale)
        }
    }

    /// The part of the screen each photo's mat fills: the whole screen for one photo; for
    /// several, the screen cut at the middle of each gap, so each bar shows the photo beside it.
    public static func matAreas(_ frames: [Rect], in screen: Size) -> [Rect] {
        let cuts = zip(frames, frames.dropFirst()).map { ($0.maxX + $1.minX) / 2 }
        let edges = [0] + cuts + [screen.width]
        return frames.indices.map { i in Rect(x: edges[i], y: 0, width: edges[i + 1] - edges[i], height: screen.height) }
    }

    /// What the slide leaves of the screen beside its photos, taken as one picture: the gap
    /// between a pair is part of the picture, not a bar.
    public static func bars(_ frames: [Rect], in screen: Size) -> [Rect] {
        let whole = frames.reduce(Rect.zero) { $0.union($1) }
        // Less than a pixel left is rounding, not a bar.
        return Rect(origin: .zero, size: screen).subtracting(whole).filter { $0.width >= 1 && $0.height >= 1 }
    }
}
