// What cascade reads of an Immich asset (AssetResponseDto): only the fields it uses.

import Foundation

public struct ImmichAsset: Decodable, Sendable, Equatable {
    public var id: String
    public var originalFileName: String?
    /// When it was taken, in the place it was taken, written as if it were UTC.
    public var localDateTime: String?
    /// The moment it was taken.
    public var fileCreatedAt: String?
    public var type: String?
    public var isFavorite: Bool?
    /// What the camera and the owner said of it; in listings asked `withExif`, and in an asset's own answer.
    public var exifInfo: ImmichExif?

    public init(id: String, originalFileName: String? = nil, localDateTime: String? = nil, fileCreatedAt: String? = nil,
                type: String? = "IMAGE", isFavorite: Bool? = nil, exifInfo: ImmichExif? = nil) {
        self.id = id
        self.originalFileName = originalFileName
        self.localDateTime = localDateTime
        self.fileCreatedAt = fileCreatedAt
        self.type = type
        self.isFavorite = isFavorite
        self.exifInfo = exifInfo
    }

    /// Immich names its assets by UUIDs; an id that is none is refused before it becomes part of
    /// a file's name or a request's path.
    public static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 36 && UUID(uuidString: id) != nil
    }

    /// The EXIF block its preview is given: Immich's metadata, and the time on the clock where
    /// it was taken (localDateTime).
    public var exifBlock: [UInt8]? {
        (exifInfo ?? ImmichExif()).block(taken: localDateTime.flatMap(ImmichDate.parse))
    }

    /// The moment the photo was taken, for its file's mtime: cascade turns an mtime into the
    /// screen's local time, so the true moment (fileCreatedAt) is the one that reads right in the
    /// frame's time zone; localDateTime stands in when the server gives no fileCreatedAt.
    public var taken: Date? {
        fileCreatedAt.flatMap(ImmichDate.parse) ?? localDateTime.flatMap(ImmichDate.parse)
    }
}

/// Immich's timestamps: ISO 8601, with or without fractional seconds.
public enum ImmichDate {
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return nil
    }
}
