import Logging
import Locking

/// The one log line for a photo whose colours could not be converted (a broken profile): a wall
/// decodes a photo again and again — tile, detail view, slideshow — and says it once.
enum ColourNotes {
    private static let logger = Logger(label: "cascade.decode")
    private static let told = Locked(Set<[UInt8]>())
    /// Past this many photos with a broken profile the set starts over, so a hostile folder
    /// cannot grow it without bound; at worst a photo is mentioned again.
    static let capacity = 4096

    /// Passes `image` through, logging its note the first time `path` has one.
    static func said(_ image: DecodedImage, path: PhotoPath) -> DecodedImage {
        guard let note = image.colourNote else { return image }
        let first = told.withLock { told in
            if told.count >= capacity { told.removeAll() }
            return told.insert(path.bytes).inserted
        }
        if first { logger.warning("\(path): \(note); shown without it") }
        return image
    }
}
