// The folder scan's outcomes reaching the wall: the photo index's wall first, then the walk's
// differences (or a whole new wall), a photo open across it kept when it is still there.

import Foundation
import Photos

extension ViewerSession {
    func finishScan(_ outcome: LibraryScan.Outcome) {
        let keptScan = scan
        scan = nil
        defer {
            if scan == nil, daemon.takePendingRescan() { rescan() }
        }
        switch outcome {
        case .indexed(let entries):
            // Not the end of the scan: `scan` stays, and the walk's differences follow.
            scan = keptScan
            // A photo open over the wall keeps its list until the walk's answer.
            if stack.isAtBottom || wall.alonePhoto != nil {
                wall.show(entries)
                wall.placeAlonePhoto(final: false)
                restorePlace(scanEnded: false)
            }
            return
        case let .scanned(entries, issues, live, edit):
            heapTrim.noteRelease()
            for issue in issues { log.warning("skipped \(issue)") }
            // The new scan's watcher replaces the old one; edits for the old entries are moot.
            daemon.live?.stop()
            daemon.live = live
            live?.begin(with: entries)
            if let edit, edit.entries.count - edit.inserted.count + edit.removed.count == wall.entries.count {
                // The index's wall is up: only the walk's differences move tiles, anchored.
                wall.apply(edit, highlightingFor: 0, now: clock.now, stayAtTop: false)
            } else {
                wall.show(entries)
            }
            if wall.alonePhoto != nil {
                placeAlonePhoto()
            } else {
                // What is open over the wall follows it: a photo stays open if it is still there.
                for screen in stack.screens.dropFirst() { screen.photosChanged(wall.entries, by: .rescan) }
            }
            restorePlace(scanEnded: true)
            log.debug("scanned \(entries.count) photos at \(ProcessClock.msSinceStart) ms")
            milestones.pendingScanAnnouncement = entries.count
        case .failed(let reason):
            log.error("cannot scan: \(reason)")
            placeAlonePhoto()
            restorePlace(scanEnded: true)
            milestones.pendingScanAnnouncement = wall.entries.count
        }
    }

    /// The walk's answer is in: the photo named alone takes its place on its folder's wall, or
    /// stays alone, its folder unwatched, when the walk does not list it (a hidden file).
    private func placeAlonePhoto() {
        guard wall.placeAlonePhoto(final: true) else { return }
        daemon.live?.stop()
        daemon.live = nil
    }

    /// The scan's progress while it runs, or why the wall is empty.
    func drawStatusPanel() {
        if scanning && wall.entries.isEmpty {
            drawer.drawPanel([ScanProgressText.line(scan?.progress)], placement: .centre)
        } else if scanning, let progress = scan?.progress {
            // The index's wall is up while the walk checks it.
            drawer.drawPanel([ScanProgressText.line(progress)], placement: .bottomCentre)
        } else if !scanning && wall.entries.isEmpty {
            drawer.drawPanel(["No photos in \(scanPaths.map(\.string).joined(separator: ", "))",
                              "Name a folder: cascade ~/Photos"], placement: .centre)
        }
    }
}
