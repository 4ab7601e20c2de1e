// A folder of photos laid out as a wall: the scanned entries and the engine's layout for
// one width, with what each tile needs to be drawn. Shared by `render` and the window.

import Photos
import Waterfall

public struct WallStyle: Sendable, Equatable {
    /// Columns, or rows on a horizontal wall.
    public var columns: ColumnCount = .automatic
    public var margins: Margins = .seed
    public var captions = true
    /// Which way the wall scrolls.
    public var axis: WallAxis = .vertical

    public init(columns: ColumnCount = .automatic, margins: Margins = .seed, captions: Bool = true, axis: WallAxis = .vertical) {
        self.columns = columns; self.margins = margins; self.captions = captions; self.axis = axis
    }
}

public struct WallPlan: Sendable {
    public let entries: [PhotoEntry]
    public private(set) var layout: WaterfallLayout
    /// Height of the caption strip every tile carries (0 without captions).
    public let captionHeight: Double

    /// `breadth`: the wall's width, or its height when `style.axis` is horizontal. `sections`:
    /// where the wall's sections start (a wall sorted by date), none by default.
    public init(entries: [PhotoEntry], breadth: Double, style: WallStyle, captionHeight: Double, sections: [SectionBreak] = []) {
        self.entries = entries
        self.captionHeight = style.captions ? captionHeight : 0
        layout = WaterfallLayout(axis: style.axis, breadth: breadth, lanes: style.columns, margins: style.margins)
        let lane = layout.laneBreadth, axis = style.axis
        let caption = self.captionHeight
        layout.setHeights(entries.map { TileSizing.tileLength(axis: axis, breadth: lane, displayed: Self.displayedSize($0), captionHeight: caption) },
                          sections: sections)
    }

    /// The photo's size as displayed; zero (drawn square) when its header could not be read.
    public static func displayedSize(_ entry: PhotoEntry) -> Size {
        guard let info = entry.info else { return .zero }
        return Size(width: Double(info.displayedWidth), height: Double(info.displayedHeight))
    }

    /// The photo part of tile `index` (its frame less the caption strip), in logical pixels.
    public func photoRect(at index: Int) -> Rect {
        Self.photoRect(frame: layout.frame(at: index), captionHeight: captionHeight)
    }

    /// A tile's frame less its caption strip: where the photo goes.
    public static func photoRect(frame: Rect, captionHeight: Double) -> Rect {
        var r = frame
        r.size.height = max(0, r.height - captionHeight)
        return r
    }

    /// The caption under tile `index`: the file name, as people know it.
    public func caption(at index: Int) -> String? {
        captionHeight > 0 ? entries[index].name : nil
    }
}

extension PhotoEntry {
    /// What a photo is called in captions, titles and the detail view: its file name.
    public var name: String { path.lastComponent.string }
}
