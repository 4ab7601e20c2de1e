// A wall in sections (a date-sorted wall's months) is one layout with breaks in it, as
// CHTCollectionViewWaterfallLayout lays out a collection view's sections: at a break a
// full-width heading starts below the tallest column so far, and every column of the new
// section starts below the heading. Everything else — incremental relayout, the per-column
// searches, anchoring — is the same engine with or without breaks.

/// Where a section of the wall starts (the index of its first tile) and how tall its
/// heading is, in logical pixels.
public struct SectionBreak: Hashable, Sendable {
    public var start: Int
    public var headingHeight: Double

    public init(start: Int, headingHeight: Double) {
        self.start = start; self.headingHeight = headingHeight
    }
}

extension SectionBreak {
    /// The breaks a layout of `count` tiles can keep: starts within the wall and strictly
    /// increasing (of breaks at one start the last given wins: it is the section the tiles
    /// from there belong to), heights finite and not below zero.
    static func sanitized(_ breaks: [SectionBreak], count: Int) -> [SectionBreak] {
        var kept: [SectionBreak] = []
        kept.reserveCapacity(breaks.count)
        for b in breaks where b.start >= 0 && b.start < count {
            let clean = SectionBreak(start: b.start, headingHeight: b.headingHeight.isFinite ? max(0, b.headingHeight) : 0)
            if let last = kept.last, last.start >= clean.start {
                if last.start == clean.start { kept[kept.count - 1] = clean }
                continue
            }
            kept.append(clean)
        }
        return kept
    }
}
