// The name an asset's photo gets in the cache folder: its original name's stem, readable as a
// caption, with a short piece of its id so two IMG_0001s stay two files, and the extension of the
// bytes the server sent.

public enum ImmichFileName {
    /// `IMG_1234 ~1a2b3c4d.jpg`.
    public static func name(for asset: ImmichAsset, contentType: String?) -> String {
        var stem = asset.originalFileName ?? ""
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        // A name is one path component, visible (not hidden), without control characters, and
        // short enough for any file system once the id and extension are added.
        var clean = String(stem.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : Character(scalar)
        })
        while clean.hasPrefix(".") { clean.removeFirst() }
        while clean.utf8.count > 180 { clean.removeLast() }
        let short = String(asset.id.filter { $0 != "-" }.prefix(8))
        let ext = fileExtension(contentType)
        return (clean.isEmpty ? "" : clean + " ") + "~" + short + "." + ext
    }

    /// The extension for a Content-Type; the preview Immich makes is a JPEG unless set to WebP.
    public static func fileExtension(_ contentType: String?) -> String {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        switch type {
        case "image/webp": return "webp"
        case "image/png": return "png"
        case "image/avif": return "avif"
        case "image/heic", "image/heif": return "heic"
        case "image/jxl": return "jxl"
        case "image/gif": return "gif"
        default: return "jpg"
        }
    }

    /// The temporary name a download is written under: hidden, so the scan and the watcher pass
    /// it by until it is renamed into place whole.
    public static func partial(for id: String) -> String { ".partial-" + id }
    public static let partialPrefix = ".partial-"
}
