// The wall and the detail view share one scheduler, so one pool of workers serves both and the
// photo asked for comes first; a result says by its key which of the two it belongs to.

import Photos

enum DecodeKey: Hashable, Sendable {
    /// A wall cell, by its serial (a cell keeps it while it is reused for other photos).
    case tile(Int)
    /// The first pass of a wall cell: the picture the file carries beside the photo.
    case preview(Int)
    /// A photo of the detail view, by its place in the detail view's list.
    case detail(Int)
    /// Photo `i` of the slideshow's slide `serial` (a slide holds one photo, or two portraits).
    case slide(Int, Int)
}

/// The viewer's decode jobs: the pixels for a wall tile or a detail photo, or why there are none.
typealias ViewerDecodes = TileJobs<DecodeKey>
