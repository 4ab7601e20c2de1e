// Every screen shares one scheduler, so one pool of workers serves them all and the photo asked
// for comes first; a result names the screen that asked for it and, in that screen's own terms,
// what it is.

import Photos

struct DecodeKey: Hashable, Sendable {
    enum Job: Hashable, Sendable {
        /// A wall cell, by its serial (a cell keeps it while it is reused for other photos).
        case tile(Int)
        /// The first pass of a wall cell: the picture the file carries beside the photo.
        case preview(Int)
        /// A photo of the detail view, by its place in the detail view's list.
        case detail(Int)
        /// Photo `i` of the slideshow's slide `serial` (a slide holds one photo, or two portraits).
        case slide(Int, Int)
        /// A window of an animated photo's frames, by its place in the detail view's list.
        case frames(Int)
        /// A thumbnail of the detail view's filmstrip, by its cell's serial, as a wall cell.
        case strip(Int)
    }

    let screen: ScreenID
    let job: Job
}

/// The viewer's decode jobs: the pixels a screen asked for, or why there are none.
typealias ViewerDecodes = TileJobs<DecodeKey>
