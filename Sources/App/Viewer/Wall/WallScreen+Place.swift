// Where the wall is, as the place remembered for its folder (`WallPlace`), and that place put
// back on a wall of the same folder, photos found by path.

import Photos
import Waterfall

extension WallScreen {
    /// The wall's place now. Columns are remembered only when they differ from `configured`
    /// (a +/-, a pinch or `set-columns`). With a photo open, the wall is taken as it will be when
    /// the photo closes: that photo in view.
    func place(configured: ColumnCount) -> WallPlace {
        func name(_ index: Int) -> String? {
            index >= 0 && index < entries.count ? String(validating: entries[index].path.bytes, as: UTF8.self) : nil
        }
        var place = WallPlace(cursor: cursor.flatMap(name))
        if openedPhoto != nil, let cursor, cursor < entries.count {
            place.top = name(cursor)
            place.topScreenY = isOnScreen(cursor) ? start(of: view.layout.frame(at: cursor)) - view.contentOffset
                : view.axis.turned(margins).top
        } else if let anchor = view.layout.anchor(forViewport: view.viewportRect) {
            place.top = name(anchor.index)
            place.topScreenY = anchor.screenY
            place.topFraction = anchor.fraction
        }
        if columns != configured {
            if view.axis == .vertical { place.columns = view.layout.laneCount } else { place.rows = view.layout.laneCount }
        }
        return place
    }

    /// `place` put back, when it is due (its photos are here, or the scan is over); false while
    /// it is not, or when there was nothing to put back.
    func restore(_ place: WallPlace, scanEnded: Bool) -> Bool {
        // The two photos asked for, found in one pass by their bytes.
        let wanted = Dictionary([place.cursor, place.top].compactMap { $0 }.map { (PhotoPath($0), $0) }) { first, _ in first }
        var found: [String: Int] = [:]
        for (i, entry) in entries.enumerated() where found.count < wanted.count {
            if let name = wanted[entry.path], found[name] == nil { found[name] = i }
        }
        func index(_ name: String) -> Int? { found[name] }
        guard let restoration = place.restoration(index: index, scanEnded: scanEnded, viewportHeight: view.axis.along(view.viewportSize)) else {
            return false
        }
        if let n = view.axis == .vertical ? restoration.columns : restoration.rows { view.setColumns(.fixed(n)) }
        if let anchor = restoration.anchor, let offset = view.layout.offset(restoring: anchor) {
            view.scrollTo(offset: offset)
        }
        cursor = restoration.cursor
        scrubSeenOffset = view.contentOffset
        return true
    }
}
