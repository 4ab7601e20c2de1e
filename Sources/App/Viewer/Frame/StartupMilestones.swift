// The moments a start is measured by, each noticed once after a frame is on screen: the first
// frame with tiles, the scan announced once its wall is visible, every visible tile showing a
// picture (a first pass from the file counts), and the first full screen — every visible tile
// showing its photo.

import Logging

@MainActor
struct StartupMilestones {
    /// A frame with tiles is on screen (from the photo index or the scan).
    private var tilesShown = false
    private var scannedAnnounced = false
    /// The scan is in with this many photos; announced after the next frame shows them.
    var pendingScanAnnouncement: Int?
    private(set) var firstFullScreen: Double?
    private var pictured = false

    /// After a frame; returns the count to announce as `scanned`, if it is due.
    mutating func presented(wall: WallScreen, detailOpen: Bool, log: Logger) -> Int? {
        guard !detailOpen else { return nil }
        if !tilesShown, !wall.entries.isEmpty {
            tilesShown = true
            log.info("first frame with tiles at \(ProcessClock.msSinceStart) ms")
        }
        let announce = pendingScanAnnouncement
        if announce != nil {
            pendingScanAnnouncement = nil
            scannedAnnounced = true
        }
        if !pictured, tilesShown || scannedAnnounced, wall.isScreenPictured {
            pictured = true
            log.info("every tile on screen has a picture \(ProcessClock.msSinceStart) ms after start")
        }
        // From the index's wall too: its tiles are the photos the scan will confirm.
        if firstFullScreen == nil, tilesShown || scannedAnnounced, wall.isScreenSettled {
            firstFullScreen = ProcessClock.sinceStart()
            if let ms = firstFullScreen.map({ Int(($0 * 1000).rounded()) }) {
                log.info("first full screen \(ms) ms after start (\(wall.view.drawList.count) tiles)")
            }
        }
        return announce
    }
}

extension ProcessClock {
    /// Milliseconds since the process started, for the log's start-up lines.
    static var msSinceStart: Int { Int(((sinceStart() ?? 0) * 1000).rounded()) }
}
