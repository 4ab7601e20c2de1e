// A warm start's first screen, worked out from the photo index before the window exists, so
// its thumbnails are read while SDL opens the window (EarlyThumbnails). The window is taken
// at the size asked for, at scale 1, with captions: a guess a window manager or a HiDPI
// screen may prove wrong, which costs only the reads — the wall then reads its own.

import Photos
import Screen
import Waterfall

enum EarlyFirstScreen {
    /// The tiles the wall of `entries`, `size` logical pixels, shows at its top, and the pixels
    /// each is decoded at.
    static func tiles(of entries: [PhotoEntry], size: Size, style: WallStyle) -> [EarlyThumbnails.Tile] {
        guard size.width > 0, size.height > 0, !entries.isEmpty else { return [] }
        // Lay out only as many photos as could be on screen: every tile is at least a quarter
        // of a column wide tall, or of a row's photo high wide (TileSizing's clamp).
        let axis = style.axis
        let lanes = WaterfallLayout(axis: axis, breadth: axis.across(size), lanes: style.columns, margins: style.margins)
        let photoBreadth = axis == .vertical ? lanes.laneBreadth : lanes.laneBreadth - TileDrawer.captionStripHeight
        let shortest = max(1, photoBreadth * TileSizing.minimumRatio) + axis.turned(style.margins).row
        guard shortest > 0 else { return [] }
        let most = lanes.laneCount * (Int(axis.along(size) / shortest) + 1)
        let plan = WallPlan(entries: Array(entries.prefix(most)), breadth: axis.across(size), style: style,
                            captionHeight: TileDrawer.captionStripHeight)
        return plan.layout.indices(in: Rect(x: 0, y: 0, width: size.width, height: size.height)).map { index in
            let photo = plan.photoRect(at: index).size
            return EarlyThumbnails.Tile(entry: plan.entries[index],
                                        box: PixelSize(width: max(1, Int(photo.width.rounded(.up))),
                                                       height: max(1, Int(photo.height.rounded(.up)))))
        }
    }
}
