import Waterfall
#if canImport(Glibc)
import Glibc
#endif

/// Turns a photo file on disk by a quarter, half or three-quarter turn as the user sees it.
///
/// A JPEG's pixels are turned losslessly (`JPEGTransform`), with the EXIF orientation folded in
/// and the tag then set to 1, so every program shows it the same way — including those that
/// ignore the tag (XMP's copy of it is set too) — and the embedded thumbnail, which showed the
/// old stored pixels, is dropped.
/// Where the size is not a whole number of MCU blocks the blocks cannot all move; rather than
/// trim the edge, only the orientation tag is changed — added where the EXIF has none, as
/// phones often write it — and the result says so. PNG and WebP have their EXIF orientation tag
/// changed, a TIFF the tag in its own first IFD (added there too); anything else is refused,
/// naming its format.
public enum PhotoRotation {
    public struct Outcome: Sendable, Equatable {
        public enum Method: Sendable, Equatable {
            /// The pixels were turned losslessly and the orientation set to 1.
            case pixels
            /// Only the EXIF orientation tag was changed; `reason` says why.
            case orientationTag(reason: String)
        }

        public let path: PhotoPath
        public let turn: QuarterTurn
        public let method: Method

        /// One line for the log and the control socket's reply.
        public var summary: String {
            switch method {
            case .pixels: "rotated \(path) \(turn.degrees)° losslessly"
            case let .orientationTag(reason): "rotated \(path) \(turn.degrees)° by its orientation tag only: \(reason)"
            }
        }
    }

    /// Rotates `path` and makes its freedesktop.org thumbnails in `thumbnails` stale.
    public static func rotate(_ path: PhotoPath, by turn: QuarterTurn,
                              thumbnails: ThumbnailCache? = nil) throws(RotationError) -> Outcome {
        // A link's target may be anywhere — another library, another user's folder — and a
        // rotation rewrites it: only a photo's own file is rotated. Links among the folders
        // above it (a Pictures folder linked to another disk) are followed.
        if path.absolute().fileType(followingLinks: false) == S_IFLNK {
            throw .unsupported(path, "it is a symbolic link to \(path.resolved()); cascade rotates only a photo's own file, so rotate that one")
        }
        let real = path.resolved()
        let bytes: [UInt8]
        let original: FileReplacement.Original
        do {
            let file = try SafeFile(opening: real)
            var status = stat()
            guard fstat(file.fileDescriptor, &status) == 0 else { throw SafeFileError.fromErrno(errno) }
            bytes = try file.readAll()
            original = FileReplacement.Original(status: status)
        } catch {
            throw .unreadable(path, "\(error)")
        }
        // Replacing it only needs the folder writable, but a photo someone made read-only is
        // one they meant to keep as it is.
        guard real.withCString({ access($0, W_OK) }) == 0 else {
            throw .cannotWrite(path, "the photo is read-only")
        }
        guard let format = ImageFormat.sniff(Array(bytes.prefix(ImageFormat.sniffLength))) else {
            throw .unsupported(path, "it is not a photo cascade can read")
        }
        let (rotated, method) = try turned(bytes, format: format, by: turn, path: path)
        try FileReplacement.replace(real, with: rotated, original: original)
        thumbnails?.forget(path)
        if real != path.absolute() { thumbnails?.forget(real) }
        return Outcome(path: path, turn: turn, method: method)
    }

    /// The file's new bytes.
    static func turned(_ bytes: [UInt8], format: ImageFormat, by turn: QuarterTurn,
                       path: PhotoPath) throws(RotationError) -> ([UInt8], Outcome.Method) {
        let exif = OrientationTag.exif(in: bytes, format: format)
        let target = (exif?.orientation ?? .up).turned(turn)
        switch format {
        case .jpeg:
            let (turned, method) = try turnedJPEG(bytes, to: target, exif: exif, path: path)
            return (OrientationTag.settingXMP(method == .pixels ? .up : target, inJPEG: turned), method)
        case .png, .webp, .tiff:
            guard let tagged = OrientationTag.setting(target, in: bytes, format: format)
                    ?? OrientationTag.adding(target, to: bytes, format: format) else {
                throw .unsupported(path, "this \(format.displayName) has no EXIF orientation tag to change")
            }
            return (tagged, .orientationTag(reason: "\(format.displayName) is not rotated by its pixels without re-encoding"))
        default:
            throw .unsupported(path, "\(format.displayName) photos cannot be rotated (no EXIF orientation tag cascade can change)")
        }
    }

    private static func turnedJPEG(_ bytes: [UInt8], to target: Orientation, exif: ExifPatch?,
                                   path: PhotoPath) throws(RotationError) -> ([UInt8], Outcome.Method) {
        // Turned back to how it is stored: the pixels are already right, only the tag was not.
        if target == .up {
            guard let tagged = OrientationTag.setting(.up, in: bytes, format: .jpeg) else {
                throw .unreadable(path, "its EXIF orientation tag cannot be changed")
            }
            return (tagged, .pixels)
        }
        let transformed: [UInt8]
        do {
            transformed = try JPEGTransform.apply(target, to: bytes)
        } catch {
            guard case .notPerfect = error else {
                if case let .failed(message) = error { throw .unreadable(path, message) }
                throw .unreadable(path, "\(error)")
            }
            let reason = "its size is not a whole number of JPEG blocks, so turning the pixels would trim an edge"
            if exif == nil { return (OrientationTag.insertingExif(target, into: bytes), .orientationTag(reason: reason)) }
            guard let tagged = OrientationTag.setting(target, in: bytes, format: .jpeg)
                    ?? OrientationTag.adding(target, to: bytes, format: .jpeg) else {
                throw .unsupported(path, reason + ", and its EXIF block has no room for an orientation tag")
            }
            return (tagged, .orientationTag(reason: reason))
        }
        guard var copied = OrientationTag.exif(in: transformed, format: .jpeg) else { return (transformed, .pixels) }
        _ = copied.setOrientation(.up)
        if target.swapsSides { copied.swapPixelDimensions() }
        copied.dropThumbnail()
        return (copied.bytes, .pixels)
    }
}
