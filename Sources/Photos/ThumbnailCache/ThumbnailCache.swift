import CacheHome
import CDigest
import Foundation
import Glibc
import Logging
import Synchronization
import Waterfall

/// The shared thumbnail cache of the freedesktop.org Thumbnail Managing Standard, so cascade,
/// file managers and other viewers reuse each other's thumbnails:
/// `$XDG_CACHE_HOME/thumbnails/<size>/<md5 of the file URI>.png`, checked by the
/// `Thumb::URI` and `Thumb::MTime` (and, when present, `Thumb::Size`) text chunks, with
/// per-program failure records under `fail/cascade-<version>/`.
///
/// Those fields cannot tell apart two photos of one size and one second that swapped names
/// (`mv a t; mv b a; mv t b` keeps both times), so each thumbnail is also checked against the
/// photo's ctime, which every rename sets: ours record it (`changedKey`); one without the record
/// (another program's, or ours from before) is trusted only if it was written after the
/// photo's last change.
///
/// Nothing here throws: a missing, unreadable or full cache only costs a decode.
public struct ThumbnailCache: Sendable {
    /// The cache folder; nil when the cache is off (`--no-thumbnail-cache`, or no home).
    public let root: PhotoPath?
    /// The `Software` text chunk of the thumbnails we write.
    public let software: String
    /// Our folder under `fail/`: program name and version, as the spec asks.
    public let failFolderName: String
    private let logger: Logger
    private let reportedWriteFailure: WriteFailureFlag
    /// Thumbnails read before they were asked for (`reading`).
    private var early: EarlyThumbnails?

    public static let version = CascadeVersion.string

    public init(root: PhotoPath?, software: String = "cascade", version: String = ThumbnailCache.version,
                logger: Logger = Logger(label: "cascade.thumbnails")) {
        self.root = root
        self.software = software
        failFolderName = "\(software)-\(version)"
        self.logger = logger
        reportedWriteFailure = WriteFailureFlag()
    }

    /// The user's cache per the spec and the XDG base directory spec: `$XDG_CACHE_HOME`
    /// if set to an absolute path, else `$HOME/.cache`.
    public static func standard(enabled: Bool = true,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> ThumbnailCache {
        ThumbnailCache(root: enabled ? standardRoot(environment: environment) : nil)
    }

    static func standardRoot(environment: [String: String]) -> PhotoPath? {
        CacheHome.folder(environment: environment).map { PhotoPath($0).appending(Array("thumbnails".utf8)) }
    }

    public var isEnabled: Bool { root != nil }

    /// The same cache, taking thumbnails from `early` before it reads the disk.
    public func reading(_ early: EarlyThumbnails) -> ThumbnailCache {
        var cache = self
        cache.early = early
        return cache
    }

    /// The URI the thumbnail is named after: absolute, escaped as GLib escapes it.
    public static func uri(for path: PhotoPath) -> String {
        if path.bytes.first == UInt8(ascii: "/") { return path.uri }
        let cwd = FileManager.default.currentDirectoryPath
        return PhotoPath(cwd).appending(path.bytes).uri
    }

    /// Lower-case hex MD5 of the URI plus ".png".
    public static func fileName(forURI uri: String) -> String {
        let bytes = Array(uri.utf8)
        // MD5Data writes the digest as lower-case hex and a NUL.
        var hex = [CChar](repeating: 0, count: Int(MD5_DIGEST_LENGTH) * 2 + 1)
        _ = MD5Data(bytes, bytes.count, &hex)
        return hex.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } + ".png"
    }

    func folder(_ size: ThumbnailSize) -> PhotoPath? {
        root?.appending(Array(size.folderName.utf8))
    }

    var failFolder: PhotoPath? {
        root?.appending(Array("fail/\(failFolderName)".utf8))
    }

    // MARK: Reading

    /// The thumbnail of `path` in the `size` folder, if one is there and still shows the file
    /// as `stamp` describes it; any program may have written it.
    public func lookup(path: PhotoPath, stamp: FileStamp, size: ThumbnailSize) -> DecodedImage? {
        let uri = Self.uri(for: path)
        guard let folder = folder(size), case let file = Self.file(in: folder, uri: uri),
              let stored = early?.take(file) ?? read(file), Self.isCurrent(stored, uri: uri, stamp: stamp),
              case let decoded = stored.decoded,
              decoded.text["Software"] != software || decoded.text[Self.colourKey] != nil
        else { return nil }
        var image = decoded.image
        image.partial = decoded.text[Self.partialKey]
        return image
    }

    /// Marks the thumbnail of a photo only part of which could be decoded, with the reason:
    /// the wall still says so when it shows the thumbnail instead of decoding.
    static let partialKey = "X-Cascade::Partial"

    /// Marks a thumbnail whose colours were converted to sRGB. The ones this program wrote
    /// before it read colour profiles hold the colours as coded (a CMYK JPEG's as a negative),
    /// so without the mark they are stale and made again, once; other programs' are used.
    static let colourKey = "X-Cascade::Colour"

    /// The photo's ctime when the thumbnail was made (`FileTime`'s text, to the nanosecond).
    static let changedKey = "X-Cascade::Changed"

    /// Where the `size` thumbnail of `path` is kept; nil when the cache is off.
    func file(for path: PhotoPath, size: ThumbnailSize) -> PhotoPath? {
        folder(size).map { Self.file(in: $0, uri: Self.uri(for: path)) }
    }

    private static func file(in folder: PhotoPath, uri: String) -> PhotoPath {
        folder.appending(Array(fileName(forURI: uri).utf8))
    }

    /// A thumbnail file read and decoded, with when it was written; not yet checked against its photo.
    func read(_ file: PhotoPath) -> StoredThumbnail? {
        // Thumbnails are at most 1024 px a side; anything far bigger is not one.
        guard let opened = try? SafeFile(opening: file), let bytes = try? opened.readAll(limit: 32 << 20) else { return nil }
        let decoded: PNGCodec.Decoded
        do {
            decoded = try bytes.withUnsafeBytes { bytes throws(DecodeError) in
                try PNGCodec.decode(bytes, maxPixels: 4096 * 4096)
            }
        } catch {
            logger.debug("ignoring unreadable thumbnail", metadata: ["file": "\(file)", "error": "\(error)"])
            return nil
        }
        return StoredThumbnail(decoded: decoded, written: opened.modified)
    }

    /// The spec's check: same URI, same mtime; same size where the writer recorded it.
    static func isValid(_ text: [String: String], uri: String, stamp: FileStamp) -> Bool {
        guard text["Thumb::URI"] == uri, let mtime = text["Thumb::MTime"], parseSeconds(mtime) == stamp.mtime else {
            return false
        }
        if let size = text["Thumb::Size"] { return Int64(size.trimmingCharacters(in: .whitespaces)) == stamp.size }
        return true
    }

    /// Whether a thumbnail or failure record read from the cache still stands for the photo:
    /// the spec's check, then cascade's.
    static func isCurrent(_ stored: StoredThumbnail, uri: String, stamp: FileStamp) -> Bool {
        isValid(stored.decoded.text, uri: uri, stamp: stamp) && showsSameFile(stored, stamp: stamp)
    }

    /// cascade's check beyond the spec's: the photo has not been renamed, or changed in any
    /// other way, since the thumbnail was made. A stamp without a ctime (made up, not read from
    /// the photo) has nothing to compare.
    static func showsSameFile(_ stored: StoredThumbnail, stamp: FileStamp) -> Bool {
        guard let changed = stamp.changed else { return true }
        if let recorded = stored.decoded.text[changedKey] { return recorded == changed.description }
        // Both times come from this kernel's clock unless the photo is on a network file system;
        // a thumbnail written in the very tick of the change is made again rather than trusted.
        return stored.written > changed
    }

    /// Integer seconds; a writer that added a fraction still means the same second.
    static func parseSeconds(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let whole = Int64(trimmed) { return whole }
        guard let dot = trimmed.firstIndex(of: "."), let whole = Int64(trimmed[..<dot]),
              trimmed[trimmed.index(after: dot)...].allSatisfy(\.isNumber) else { return nil }
        return whole
    }

    // MARK: Writing

    /// Stores `image` (already scaled so its longer side is the folder size or less, and
    /// oriented as displayed) as the thumbnail of `path`. Returns false — after logging —
    /// when the cache is off or cannot be written.
    @discardableResult
    public func store(_ image: DecodedImage, path: PhotoPath, stamp: FileStamp, size: ThumbnailSize,
                      originalSize: PixelSize? = nil, format: ImageFormat? = nil) -> Bool {
        guard let folder = folder(size), !isInsideCache(path) else { return false }
        let uri = Self.uri(for: path)
        var text = [("Thumb::URI", uri), ("Thumb::MTime", String(stamp.mtime)), ("Thumb::Size", String(stamp.size))]
        if let originalSize {
            text.append(("Thumb::Image::Width", String(originalSize.width)))
            text.append(("Thumb::Image::Height", String(originalSize.height)))
        }
        if let format { text.append(("Thumb::Mimetype", format.mimeType)) }
        if let partial = image.partial { text.append((Self.partialKey, Self.latin1Safe(partial))) }
        text.append((Self.colourKey, "sRGB"))
        if let changed = stamp.changed { text.append((Self.changedKey, changed.description)) }
        text.append(("Software", software))
        let name = Self.fileName(forURI: uri)
        return write(image, text: text, folder: folder, name: name)
    }

    /// Remembers that `path`, as `stamp` describes it, cannot be decoded, so later starts do
    /// not try again until the file changes. `reason` is kept for the error tile.
    @discardableResult
    public func recordFailure(path: PhotoPath, stamp: FileStamp, reason: String) -> Bool {
        guard let folder = failFolder, !isInsideCache(path) else { return false }
        let uri = Self.uri(for: path)
        var text = [("Thumb::URI", uri), ("Thumb::MTime", String(stamp.mtime)), ("Thumb::Size", String(stamp.size)),
                    ("Software", software), ("X-Cascade::Reason", Self.latin1Safe(reason))]
        // As on thumbnails: another file swapped into this name must not inherit the record.
        if let changed = stamp.changed { text.append((Self.changedKey, changed.description)) }
        // The spec's "empty PNG": one transparent pixel.
        let empty = DecodedImage(width: 1, height: 1, stride: 4, pixels: [0, 0, 0, 0])
        return write(empty, text: text, folder: folder, name: Self.fileName(forURI: uri))
    }

    /// The reason recorded by `recordFailure` if the record is still valid for `stamp`.
    public func failure(path: PhotoPath, stamp: FileStamp) -> String? {
        guard let folder = failFolder else { return nil }
        let uri = Self.uri(for: path)
        guard let stored = read(Self.file(in: folder, uri: uri)), Self.isCurrent(stored, uri: uri, stamp: stamp) else { return nil }
        return stored.decoded.text["X-Cascade::Reason"] ?? "could not be decoded"
    }

    public func hasFailure(path: PhotoPath, stamp: FileStamp) -> Bool {
        failure(path: path, stamp: stamp) != nil
    }

    /// The spec: never make thumbnails of the thumbnails themselves.
    private func isInsideCache(_ path: PhotoPath) -> Bool {
        guard let root else { return true }
        let prefix = root.bytes + [UInt8(ascii: "/")]
        return path.bytes.starts(with: prefix)
    }

    private func write(_ image: DecodedImage, text: [(String, String)], folder: PhotoPath, name: String) -> Bool {
        do {
            let png = try PNGCodec.encode(image, text: text)
            try CacheFile.writeAtomically(png, folder: folder, name: name)
            return true
        } catch {
            // A read-only or full cache must not flood the log: the first failure is a
            // warning, the rest are debug messages.
            let message: Logger.Message = "cannot write thumbnail"
            let metadata: Logger.Metadata = ["folder": "\(folder)", "error": "\(error)"]
            if reportedWriteFailure.setOnce() {
                logger.warning(message, metadata: metadata)
            } else {
                logger.debug(message, metadata: metadata)
            }
            return false
        }
    }

    /// tEXt chunks are Latin-1; our reasons are English, but a library message might not be.
    private static func latin1Safe(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" })
    }
}

/// A thumbnail file as read: the PNG, and its own modification time (when it was written —
/// files in the cache are written whole under a temporary name, then renamed into place).
struct StoredThumbnail {
    let decoded: PNGCodec.Decoded
    let written: FileTime
}

/// Shared by every copy of one cache value, so "warn once" holds across threads.
private final class WriteFailureFlag: Sendable {
    private let reported = Atomic<Bool>(false)

    /// True only for the first caller.
    func setOnce() -> Bool {
        !reported.exchange(true, ordering: .relaxed)
    }
}

extension ImageFormat {
    var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .gif: return "image/gif"
        case .bmp: return "image/bmp"
        case .tiff: return "image/tiff"
        case .heif: return "image/heif"
        case .avif: return "image/avif"
        case .jxl: return "image/jxl"
        }
    }
}

extension ThumbnailCache {
    /// Removes every size of `path`'s thumbnail, after the photo's pixels changed. Its mtime
    /// changes too, but only to the second, which a change right after a write would not move.
    public func forget(_ path: PhotoPath) {
        for size in ThumbnailSize.allCases {
            guard let file = file(for: path.absolute(), size: size) else { continue }
            _ = file.withCString { unlink($0) }
        }
    }
}
