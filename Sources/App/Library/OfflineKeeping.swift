// Which photos the photo view and the slideshow keep offline copies of, and showing a copy.

import Photos
import Waterfall

public struct OfflineKeeping: Sendable {
    public let copies: OfflineCopies
    /// Whether `path` gets a copy when shown: photos in network folders, whose server can go
    /// away; a local photo is always there to decode again. Called on decode threads.
    public let applies: @Sendable (PhotoPath) -> Bool

    public init(copies: OfflineCopies, applies: @escaping @Sendable (PhotoPath) -> Bool) {
        self.copies = copies
        self.applies = applies
    }

    /// Copies of the photos shown from network folders, in the user's cache; nil when `capacity`
    /// is 0 or there is no cache folder.
    public static func networkFolders(capacity: Int) -> OfflineKeeping? {
        OfflineCopies.standard(capacity: capacity).map { copies in
            OfflineKeeping(copies: copies) { path in MountKind.of(path)?.isNetwork == true }
        }
    }

    /// The copy of `path` fitted inside `box` (or filling it: a tile), or nil when there is
    /// none or it cannot be read.
    func copy(of path: PhotoPath, box: PixelSize, mode: DecodeMode = .fit, decoder: any PhotoDecoding,
              maxPixels: Int) -> Result<DecodedImage, TileFailure>? {
        guard let copy = copies.copy(for: path) else { return nil }
        let request = PhotoDecodeRequest(path: copy.path, format: .jpeg, storedSize: copy.size, box: box,
                                         mode: mode, maxPixels: maxPixels)
        guard let file = try? SafeFile.openForDecoding(copy.path),
              let image = try? decoder.decode(file, request) else { return nil }
        return .success(image)
    }
}
