// The JSON manifest `cascade render` writes beside its PNG: where every tile is, in wall
// pixels, so the picture can serve as an image map or a contact sheet index.

import Waterfall

public struct WallManifest: Codable, Sendable, Equatable {
    public struct ManifestMargins: Codable, Sendable, Equatable {
        public var top, left, bottom, right, row, column: Double
    }
    public struct ManifestRect: Codable, Sendable, Equatable {
        public var x, y, w, h: Double
        public init(_ r: Rect) { x = r.minX; y = r.minY; w = r.width; h = r.height }
    }
    public struct ManifestSize: Codable, Sendable, Equatable {
        public var w, h: Int
    }
    public struct Tile: Codable, Sendable, Equatable {
        public var index: Int
        /// For people and logs; a name that is not UTF-8 shows U+FFFD here — `uri` keeps every byte.
        public var path: String
        public var uri: String
        public var rect: ManifestRect
        /// "ok", "partial" (part of the photo shown: a truncated file) or "error".
        public var status: String
        /// Why the status is not "ok".
        public var error: String?
        /// As displayed (after EXIF orientation); absent when the header could not be read.
        public var size: ManifestSize?
        public var orientation: Int?
    }

    /// The picture's size in pixels: a vertical wall's width and drawn height, a horizontal
    /// wall's drawn width and height.
    public var width: Double
    public var height: Double
    /// "vertical" (columns) or "horizontal" (rows).
    public var direction: String
    /// A vertical wall's columns and their width; absent on a horizontal wall.
    public var columns: Int?
    public var cellWidth: Double?
    /// A horizontal wall's rows and their height; absent on a vertical wall.
    public var rows: Int?
    public var rowHeight: Double?
    public var margins: ManifestMargins
    public var tiles: [Tile]
    /// A wall sorted by date: its months (or years), each with its heading's rect; absent otherwise.
    public var sections: [Section]?

    public struct Section: Codable, Sendable, Equatable {
        /// "March 2019 · 214 photos".
        public var label: String
        public var count: Int
        /// The index of its first tile.
        public var first: Int
        public var rect: ManifestRect
    }

    /// `size`: the picture's, in pixels; its side across the wall is the layout's breadth.
    public init(layout: WaterfallLayout, size: PixelSize, tiles: [Tile], sections: [Section]? = nil) {
        width = Double(size.width)
        height = Double(size.height)
        direction = layout.axis.rawValue
        switch layout.axis {
        case .vertical: (columns, cellWidth) = (layout.laneCount, layout.laneBreadth)
        case .horizontal: (rows, rowHeight) = (layout.laneCount, layout.laneBreadth)
        }
        let m = layout.margins
        margins = ManifestMargins(top: m.top, left: m.left, bottom: m.bottom, right: m.right, row: m.row, column: m.column)
        self.tiles = tiles
        self.sections = sections
    }
}
