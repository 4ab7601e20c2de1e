// A decode worker killed from outside (kill -9, the OOM killer, SIGTERM to the whole
// group as `systemctl stop` sends it) is not the photo's fault. The photo goes to a fresh worker
// and nothing is recorded; only a failure the photo caused, twice, marks it failed. Workers are
// held mid-decode by the worker's hold hook while its file exists, and the test waits until the
// worker holds the photo's descriptor — proof that it received the request.

import Foundation
import Testing
@testable import Photos
import Waterfall
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// Whether process `pid` has `path` open (the decode request's file arrived there).
func holdsOpen(_ pid: pid_t, _ path: PhotoPath) -> Bool {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path.string }
}

/// A hold file, and a pool whose workers wait while it exists.
final class HeldPool {
    let dir = TempFolder()
    let hold: String
    let pool: DecoderPool
    let cache: ThumbnailCache
    let loader: TileImageLoader

    init(environment: [String: String] = [:]) {
        hold = dir.path("hold").string
        FileManager.default.createFile(atPath: hold, contents: Data())
        pool = DecoderPool(size: 1, configuration: workerConfiguration(environment: ["CASCADE_DECODER_HOLD_WHILE": hold]
            .merging(environment) { $1 }))
        cache = ThumbnailCache(root: dir.path("thumbnails"))
        loader = TileImageLoader(cache: cache, decoder: pool)
    }

    deinit { pool.shutdown() }

    func release() { unlink(hold) }

    /// The worker that has `photo` in hand, once it has.
    func workerHolding(_ photo: PhotoPath, besides earlier: Set<pid_t> = []) throws -> pid_t {
        try waitFor("a worker to receive \(photo)", within: .seconds(30)) {
            pool.workerProcessIDs.subtracting(earlier).first(where: { holdsOpen($0, photo) })
        }
    }

    /// A photo, whose tile is being loaded on another thread.
    func photoInFlight() throws -> (photo: PhotoPath, outcome: Outcome) {
        let photo = try makeRedBlue(dir, "photo.jpg", width: 400, height: 300)
        return (photo, loadInBackground(photo))
    }

    /// Loads `photo`'s tile on another thread; the result arrives in `outcome`.
    func loadInBackground(_ photo: PhotoPath) -> Outcome {
        let outcome = Outcome()
        let loader = self.loader
        Thread.detachNewThread {
            let result = Result { () throws(DecodeError) -> DecodedImage in
                try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 400, height: 300), tile: PixelSize(width: 100, height: 100))
            }
            outcome.finish(result)
        }
        return outcome
    }

    final class Outcome: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<DecodedImage, DecodeError>?
        func finish(_ value: Result<DecodedImage, DecodeError>) { result = value; done.signal() }
        func wait() -> Result<DecodedImage, DecodeError> { done.wait(); return result! }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@Suite("Decode workers killed from outside", .serialized)
struct WorkerKilledFromOutsideTests {
    @Test("kill -9 and SIGTERM of a worker mid-decode: the photo is decoded by a fresh worker, nothing is recorded",
          arguments: [SIGKILL, SIGTERM])
    func killedMidDecodeIsRetried(signal: Int32) throws {
        let held = HeldPool()
        let (photo, outcome) = try held.photoInFlight()
        let first = try held.workerHolding(photo)
        kill(first, signal)
        // The retry is in a fresh worker, which gets the photo too.
        let second = try held.workerHolding(photo, besides: [first])
        #expect(second != first)
        held.release()
        let image = try outcome.wait().get()
        #expect(image.width == 100 && image.pixel(10, 50).isClose(to: .red))
        #expect(held.cache.failure(path: photo, stamp: try FileStamp.of(photo)) == nil)
        #expect(held.pool.spawnedCount == 2)
    }

    @Test("kill -9 of a fresh worker before its hello (no photo sent yet): the photo goes to the next worker, nothing is recorded")
    func killedBeforeHelloIsRetried() throws {
        let dir = TempFolder()
        // The first worker started kills itself before it can say hello, as a `kill -9` of
        // every decode worker can catch one that was just spawned; later ones are real.
        let marker = dir.path("first-worker-died").string
        let script = dir.path("worker.sh").string
        try writeExecutable("#!/bin/sh\nif [ ! -e '\(marker)' ]; then : > '\(marker)'; kill -9 $$; fi\nexec '\(cascadeBinary)' \"$@\"\n",
                            to: script)
        var configuration = workerConfiguration()
        configuration.executable = script
        let pool = DecoderPool(size: 1, configuration: configuration)
        defer { pool.shutdown() }
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = try makeRedBlue(dir, "photo.jpg", width: 400, height: 300)
        let image = try TileImageLoader(cache: cache, decoder: pool)
            .load(path: photo, format: .jpeg, storedSize: PixelSize(width: 400, height: 300), tile: PixelSize(width: 100, height: 100))
        #expect(image.width == 100 && image.pixel(10, 50).isClose(to: .red))
        #expect(FileManager.default.fileExists(atPath: marker), "the first worker did not run the script")
        #expect(cache.failure(path: photo, stamp: try FileStamp.of(photo)) == nil)
        #expect(pool.spawnedCount == 2)
    }

    @Test("A photo whose worker is killed again and again still ends up failed, after a bounded number of tries")
    func killedEveryTimeFailsInTheEnd() throws {
        let held = HeldPool()
        let (photo, outcome) = try held.photoInFlight()
        var killed: Set<pid_t> = []
        for _ in 0...DecoderPool.outsideKillRetries {
            let worker = try held.workerHolding(photo, besides: killed)
            kill(worker, SIGKILL)
            killed.insert(worker)
        }
        let error = #expect(throws: DecodeError.self) { try outcome.wait().get() }
        #expect(error == .decoderCrashed("decoder was killed (signal 9), 4 times in a row"))
        #expect(held.cache.failure(path: photo, stamp: try FileStamp.of(photo)) == "decoder was killed (signal 9), 4 times in a row")
        #expect(held.pool.spawnedCount == DecoderPool.outsideKillRetries + 1)
    }

    @Test("A worker that crashes on a photo once, then decodes it, leaves no record")
    func oneCrashIsForgiven() throws {
        let held = HeldPool()
        let (photo, outcome) = try held.photoInFlight()
        let first = try held.workerHolding(photo)
        kill(first, SIGSEGV)  // what a decoder fault looks like from cascade's side
        _ = try held.workerHolding(photo, besides: [first])
        held.release()
        #expect(try outcome.wait().get().width == 100)
        #expect(held.cache.failure(path: photo, stamp: try FileStamp.of(photo)) == nil)
    }

    @Test("cascade's own shutdown mid-decode is no verdict on the photo: nothing is recorded")
    func shutdownMidDecode() throws {
        let held = HeldPool()
        let (photo, outcome) = try held.photoInFlight()
        let worker = try held.workerHolding(photo)
        // What the viewer does at its end: the decode in flight is abandoned, not waited for.
        held.pool.stopDecoding()
        let error = #expect(throws: DecodeError.self) { try outcome.wait().get() }
        #expect(error == .decoderUnavailable("decoding has stopped"))
        #expect(isGone(worker))
        #expect(held.cache.failure(path: photo, stamp: try FileStamp.of(photo)) == nil)
    }
}
