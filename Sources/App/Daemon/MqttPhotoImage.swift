// The photo on screen as a small JPEG for Home Assistant's image entity: read through the tiles'
// loader (the thumbnail cache when it has one, else the decoders, in their worker processes when
// the wall uses them), then encoded by TurboJPEG, on a queue of its own. When slides come faster
// than pictures are made, only the newest is made.

import Control
import Foundation
import Photos
import Synchronization
import Waterfall

final class MqttPhotoImage: Sendable {
    /// The picture's long side, in pixels: a dashboard card's size.
    static let longSide = 480

    private let queue = DispatchQueue(label: "cascade.mqtt.photo", qos: .utility)
    private let latest = Atomic<Int>(0)

    func send(_ entry: PhotoEntry, loader: TileImageLoader, publish: @escaping @Sendable ([UInt8]) -> Void) {
        guard let info = entry.info, info.pixelWidth > 0, info.pixelHeight > 0 else { return }
        let ticket = latest.add(1, ordering: .relaxed).newValue
        queue.async { [self] in
            guard latest.load(ordering: .relaxed) == ticket else { return }
            let shown = info.orientation.displayedSize(info.storedSize)
            let scale = min(1, Double(Self.longSide) / Double(max(shown.width, shown.height)))
            let box = PixelSize(width: max(1, Int((Double(shown.width) * scale).rounded())),
                                height: max(1, Int((Double(shown.height) * scale).rounded())))
            guard let image = try? loader.load(path: entry.path, format: info.format, orientation: info.orientation,
                                               storedSize: info.storedSize, tile: box),
                  let jpeg = JPEGEncoder.encode(image) else { return }
            publish(jpeg)
        }
    }
}
