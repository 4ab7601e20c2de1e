// The photo on screen for Home Assistant: its details (date, camera, place from EXIF, as the info
// panel reads them) as the photo sensor's attributes, and a small JPEG for the image entity —
// read through the tiles' loader (the thumbnail cache when it has one, else the decoders, in
// their worker processes when the wall uses them) and encoded by TurboJPEG. On a queue of its own;
// when slides come faster than pictures are made, only the newest is made. The last ones are
// kept, for a broker that comes back without them.

import Control
import Foundation
import Photos
import Locking
import Synchronization
import Waterfall

final class MqttPhotoImage: Sendable {
    /// The picture's long side, in pixels: a dashboard card's size.
    static let longSide = 480

    /// What is published for a photo: its attributes (JSON) and its picture (nil when it could
    /// not be made).
    struct Published: Sendable {
        let attributes: String
        let jpeg: [UInt8]?
    }

    private let queue = DispatchQueue(label: "cascade.mqtt.photo", qos: .utility)
    private let latest = Atomic<Int>(0)
    let last = Locked<Published?>(nil)

    func send(_ entry: PhotoEntry, loader: TileImageLoader, publish: @escaping @Sendable (Published) -> Void) {
        let ticket = latest.add(1, ordering: .relaxed).newValue
        queue.async { [self] in
            guard latest.load(ordering: .relaxed) == ticket else { return }
            let made = Published(attributes: Self.attributes(entry).text, jpeg: Self.picture(entry, loader: loader))
            last.withLock { $0 = made }
            publish(made)
        }
    }

    private static func attributes(_ entry: PhotoEntry) -> JSONValue {
        let exif = PlaceNames.named((try? PhotoDetails.read(entry.path))?.exif ?? ExifSummary())
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        return .object([("path", .string(entry.path.string)), ("date", text(exif.dateTaken)), ("camera", text(exif.camera)),
                        ("place", text(exif.whereTaken)), ("latitude", exif.latitude.map { .double($0) } ?? .null),
                        ("longitude", exif.longitude.map { .double($0) } ?? .null)])
    }

    private static func picture(_ entry: PhotoEntry, loader: TileImageLoader) -> [UInt8]? {
        guard let info = entry.info, info.pixelWidth > 0, info.pixelHeight > 0 else { return nil }
        let shown = info.orientation.displayedSize(info.storedSize)
        let scale = min(1, Double(longSide) / Double(max(shown.width, shown.height)))
        let box = PixelSize(width: max(1, Int((Double(shown.width) * scale).rounded())),
                            height: max(1, Int((Double(shown.height) * scale).rounded())))
        guard let image = try? loader.load(path: entry.path, format: info.format, orientation: info.orientation,
                                           storedSize: info.storedSize, tile: box) else { return nil }
        return JPEGEncoder.encode(image)
    }
}
