// The `i` panel: what a photo is — its file, pixels, format, and what the camera wrote in it.
// What the scan already knows (path, pixels, format) shows at once; the file size and EXIF
// are read on a background queue, since a read may wait on a slow disk, and appear when they
// arrive. The frame loop only ever looks at what has arrived.

import Dispatch
import Photos
import Locking

@MainActor
final class InfoPanel {
    private var requested: PhotoPath?
    private var details: PhotoDetails?
    private var unreadable: String?
    /// The photo last asked for and its details once read: a read for a photo no longer
    /// wanted (the cursor moved on) is dropped when it finishes.
    private let inbox = Inbox()
    private final class Inbox: Sendable {
        let state = Locked<(wanted: PhotoPath?, arrived: Result<PhotoDetails, SafeFileError>?)>((nil, nil))
    }
    private let wake: @Sendable () -> Void

    /// `wake`: called from the reading thread when details arrive, to wake the frame loop.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// The panel's lines for `entry` (label, tab, value), starting a read of its details when
    /// it is not the photo shown before. `note`: how the photo is shown, when not whole.
    func lines(for entry: PhotoEntry, note: String?) -> [String] {
        if entry.path != requested { request(entry.path) }
        takeArrival()
        var lines = ["File\t" + entry.path.string]
        if let details {
            lines.append("Size\t" + PhotoDetails.readableSize(details.fileSize))
        }
        if let info = entry.info {
            lines.append("Pixels\t\(info.displayedWidth) × \(info.displayedHeight)")
            lines.append("Format\t" + info.format.displayName)
        } else if let problem = entry.probeError {
            lines.append("Header\t\(problem)")
        }
        if let note { lines.append("Shown\t" + note) }
        if let unreadable {
            lines.append("Details\t" + unreadable)
        } else if let exif = details?.exif {
            if let description = exif.description { lines.append("About\t" + description) }
            if let date = exif.dateTaken { lines.append("Taken\t" + date) }
            if let camera = exif.camera { lines.append("Camera\t" + camera) }
            if let lens = exif.lens { lines.append("Lens\t" + lens) }
            if let exposure = exif.exposure { lines.append("Exposure\t" + exposure) }
            if let name = exif.placeName { lines.append("Place\t" + name) }
            if let place = exif.place { lines.append("GPS\t" + place) }
            if exif.isEmpty { lines.append("EXIF\tnone") }
        } else {
            lines.append("EXIF\treading…")
        }
        return lines
    }

    /// How a photo not shown whole is shown, for the panel's "Shown" line: "cannot show: …"
    /// (an error tile) or "partial: …" (a truncated file, drawn as far as it decodes).
    static func note(failure: String?, partial: String?) -> String? {
        if let failure { return "cannot show: " + failure }
        return partial.map { "partial: " + $0 }
    }

    /// Whether the details of the photo asked for last are in.
    var isComplete: Bool {
        takeArrival()
        return details != nil || unreadable != nil
    }

    private func request(_ path: PhotoPath) {
        requested = path
        details = nil
        unreadable = nil
        inbox.state.withLock { $0 = (path, nil) }
        let inbox = self.inbox, wake = self.wake
        DispatchQueue.global(qos: .utility).async {
            let result = Result { () throws(SafeFileError) -> PhotoDetails in
                var details = try PhotoDetails.read(path)
                details.exif = PlaceNames.named(details.exif)
                return details
            }
            let wanted = inbox.state.withLock { box in
                guard box.wanted == path else { return false }
                box.arrived = result
                return true
            }
            if wanted { wake() }
        }
    }

    private func takeArrival() {
        guard let result = inbox.state.withLock({ box in defer { box.arrived = nil }; return box.arrived }) else { return }
        switch result {
        case .success(let read): details = read
        case .failure(let error): unreadable = "cannot read: \(error)"
        }
    }
}
