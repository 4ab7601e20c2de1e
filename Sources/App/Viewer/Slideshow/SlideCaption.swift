// The slideshow's caption, from the photo's own data as `--slideshow-caption` chooses it: the date
// taken (EXIF DateTimeOriginal; none without it — the file's time is the day it was copied,
// which a caption would pass off as the day it was taken), the folder, the file name, the place: the
// town nearest the GPS tags' position from the offline gazetteer, else the coordinates (no lookups
// on the network); the description its owner wrote (EXIF ImageDescription, and Immich's
// description); the clock is LocalClock's. The EXIF block is read and its place named on the
// decode thread with the photo's pixels, never on the frame loop.

import Foundation
import Photos
import Locking

/// What the EXIF of a slide's photos said, filled in by the decode thread, read by the drawing.
final class SlideExif: Sendable {
    private let summaries = Locked<[Int: ExifSummary]>([:])

    func set(_ summary: ExifSummary, at i: Int) { summaries.withLock { $0[i] = summary } }
    func summary(at i: Int) -> ExifSummary? { summaries.withLock { $0[i] } }
}

enum SlideCaption {
    static func line(for entry: PhotoEntry, exif: ExifSummary?, captions: [SlideshowSettings.Caption]) -> String {
        captions.compactMap { caption -> String? in
            switch caption {
            case .date: date(exif?.dateTaken)
            case .folder: folder(of: entry)
            case .name: entry.name
            case .place: exif?.whereTaken
            case .description: exif?.description
            case .clock: nil
            }
        }.joined(separator: "  ·  ")
    }

    /// The photo's folder from the library's root ("2019/07"): a camera library's last folder alone
    /// ("07") says nothing. A photo directly in the root gives the root's name.
    static func folder(of entry: PhotoEntry) -> String {
        let relative = entry.relative
        guard relative.bytes.contains(UInt8(ascii: "/")) else { return entry.path.parent.lastComponent.string }
        return relative.parent.string
    }

    /// "2024-05-01 12:34:56" (ExifSummary's form) as a long date in the local language.
    static func date(_ taken: String?) -> String? {
        guard let taken, taken.count >= 10 else { return nil }
        let parts = taken.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]), parts[0] > 1800,
              let day = Calendar(identifier: .gregorian).date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
        else { return nil }
        return long(day)
    }

    private static func long(_ date: Date) -> String { date.formatted(date: .long, time: .omitted) }
}
