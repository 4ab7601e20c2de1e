// A photo whose file is a stand-in for its original (an Immich preview) is shown in the photo
// view from the original once it has come: the session fetches it off the frame loop, the photo
// view decodes it in place of the preview, which stays on screen until then and whenever the
// original cannot be had.

import Locking
import Photos
import Waterfall

/// The originals fetched, handed from the fetch's thread to the frame loop, which is woken for them.
final class FetchedOriginals: Sendable {
    private let fetched = Locked<[(path: PhotoPath, result: Result<PhotoPath, TileFailure>)]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func put(_ path: PhotoPath, _ result: Result<PhotoPath, TileFailure>) {
        fetched.withLock { $0.append((path, result)) }
        wake()
    }

    func take() -> [(path: PhotoPath, result: Result<PhotoPath, TileFailure>)] {
        fetched.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}

/// What the photo view knows of originals: which it asked for, and the entries of those decoded,
/// which later decodes (a zoom's sharper one) take in place of the preview's.
struct DetailOriginals {
    /// Asked for once per opening of the view: a failure is not asked again.
    var asked: Set<PhotoPath> = []
    /// Filled on the decode thread that read the original's header, by the preview's path.
    let decoded = Locked<[PhotoPath: PhotoEntry]>([:])

    /// What to decode for `entry`: its original once one was decoded, else the file itself.
    func entry(for entry: PhotoEntry) -> PhotoEntry { decoded.withLock { $0[entry.path] } ?? entry }

    /// The original at `file` of `entry`, read and fitted into `box` on a decode thread.
    func decode(_ file: PhotoPath, of entry: PhotoEntry, fitting box: PixelSize, source: TileSource) throws(TileFailure) -> DecodedImage {
        guard let original = PhotoScanner().entry(at: file, relative: entry.relative, group: entry.group), original.info != nil else {
            throw TileFailure(reason: "the original is no photo cascade can show")
        }
        let image = try source.photo(for: original, fitting: box).get()
        decoded.withLock { $0[entry.path] = original }
        return image
    }
}
