import Foundation

/// When a photo was taken, and how cascade knows: from its EXIF date (with a UTC offset or as
/// local wall time), or — with no EXIF date, or one that does not parse — the file's
/// modification time standing in for it.
public enum TakenTime: Sendable, Hashable {
    case exif(CaptureDate)
    case file(FileTime)

    public enum Source: Sendable, Hashable {
        /// An EXIF date with its UTC offset: an exact instant.
        case exifWithOffset
        /// An EXIF date without an offset: local wall time of an unknown zone.
        case exifLocal
        /// No usable EXIF date: the file's modification time.
        case fileTime
    }

    public var source: Source {
        switch self {
        case .exif(let date): date.utcOffsetMinutes == nil ? .exifLocal : .exifWithOffset
        case .file: .fileTime
        }
    }

    /// Seconds since the epoch, for ordering; a date without an offset is read in `localZone`
    /// (`CaptureDate.instant(localZone:)`).
    public func instant(localZone: TimeZone) -> Int64 {
        switch self {
        case .exif(let date): date.instant(localZone: localZone)
        case .file(let time): time.seconds
        }
    }
}
