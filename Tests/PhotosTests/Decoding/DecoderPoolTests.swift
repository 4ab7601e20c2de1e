import Foundation
import Testing
@testable import Photos
import Waterfall
@testable import TestSupport

func workerConfiguration(timeout: Duration = .seconds(20), environment: [String: String] = [:]) -> DecoderPool.Configuration {
    var configuration = DecoderPool.Configuration()
    configuration.executable = cascadeBinary
    configuration.timeout = timeout
    configuration.environment = environment
    return configuration
}

/// What descriptor `fd` of this process is ("socket:[123]"), nil when it is closed. A socket's
/// inode names it for as long as it is open, even if its number is reused by another.
func openFile(_ fd: Int32) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
}

/// The pool's idle sockets, by descriptor and what each is.
func workerSockets(_ pool: DecoderPool) -> [(fd: Int32, file: String?)] {
    pool.idleWorkerSockets.map { ($0, openFile($0)) }
}

/// A process that has died, reaped or not.
func isZombieOrGone(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    // The state follows the command name's closing parenthesis.
    return stat.split(separator: ")").last?.dropFirst().first == "Z"
}

/// A process that no longer exists at all — neither running nor a zombie left unreaped.
func isGone(_ pid: pid_t) -> Bool {
    !FileManager.default.fileExists(atPath: "/proc/\(pid)")
}

// Serialized: the tests count this process's sockets and children.
@Suite("Decoding in worker processes", .serialized)
struct DecoderPoolTests {
    @Test("Worker decodes equal in-process decodes pixel for pixel, in every format and both modes")
    func samePixels() throws {
        #expect(FileManager.default.isExecutableFile(atPath: cascadeBinary), "build cascade first: \(cascadeBinary)")
        let dir = TempFolder()
        let pool = DecoderPool(size: 2, configuration: workerConfiguration())
        defer { pool.shutdown() }
        let cases: [(String, ImageFormat, Orientation)] = [
            ("photo.jpg", .jpeg, .right), ("photo.png", .png, .up), ("photo.webp", .webp, .down),
            ("photo.gif", .gif, .up), ("photo.bmp", .bmp, .left), ("photo.tif", .tiff, .up),
        ]
        for (name, format, orientation) in cases {
            let path = try makeRedBlue(dir, name, width: 640, height: 480)
            for (box, mode) in [(PixelSize(width: 200, height: 200), DecodeMode.fill), (PixelSize(width: 300, height: 120), .fit)] {
                let request = PhotoDecodeRequest(path: path, format: format, orientation: orientation,
                                                 storedSize: PixelSize(width: 640, height: 480), box: box, mode: mode)
                let local = try InProcessDecoder().decode(request)
                let remote = try pool.decode(request)
                #expect(remote.width == local.width && remote.height == local.height && remote.stride == local.stride,
                        "\(name) \(mode)")
                #expect(remote.pixels == local.pixels, "\(name) \(mode)")
            }
        }
        // Two threads at most at a time here, so two workers at most, reused for all 24 decodes.
        #expect(pool.spawnedCount <= 2)
    }

    @Test("A decoder error in the worker comes back as the same error, and the worker stays")
    func errorsCrossIntact() throws {
        let dir = TempFolder()
        let pool = DecoderPool(size: 1, configuration: workerConfiguration())
        defer { pool.shutdown() }
        let garbage = dir.write("garbage.png", Array(repeating: 0x41, count: 5000))
        let request = PhotoDecodeRequest(path: garbage, format: .png, box: PixelSize(width: 100, height: 100), mode: .fill)
        let local = #expect(throws: DecodeError.self) { try InProcessDecoder().decode(request) }
        let remote = #expect(throws: DecodeError.self) { try pool.decode(request) }
        #expect(local == remote)
        let good = try makeRedBlue(dir, "good.jpg", width: 100, height: 100)
        _ = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        #expect(pool.spawnedCount == 1)
    }

    @Test("A photo that crashes a worker, and a fresh one again, fails with the signal; a fresh worker decodes the next")
    func crashFailsOnlyThatPhoto() throws {
        let dir = TempFolder()
        let pool = DecoderPool(size: 1, configuration: workerConfiguration(environment: ["CASCADE_DECODER_CRASH_ON": "poison"]))
        let good = try makeRedBlue(dir, "good.jpg", width: 400, height: 300)
        let poisoned = try makeRedBlue(dir, "poison.jpg", width: 400, height: 300)
        _ = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 100, height: 100), mode: .fill))
        let first = try #require(pool.workerProcessIDs.first)
        let firstSockets = workerSockets(pool)
        let areSockets = firstSockets.allSatisfy { socket in socket.file?.hasPrefix("socket:") == true }
        #expect(firstSockets.count == 1 && areSockets)

        let error = #expect(throws: DecodeError.self) {
            try pool.decode(PhotoDecodeRequest(path: poisoned, format: .jpeg, box: PixelSize(width: 100, height: 100), mode: .fill))
        }
        #expect(error == .decoderCrashed("decoder crashed (signal 6)"))
        #expect(error?.isContentFailure == true)
        #expect(isGone(first))

        let image = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 100, height: 100), mode: .fill))
        #expect(image.pixel(10, 50).isClose(to: .red))
        // The first, the one that crashed again on the retry, and the one decoding now.
        #expect(pool.spawnedCount == 3)
        let second = try #require(pool.workerProcessIDs.first)
        let secondSockets = workerSockets(pool)
        pool.shutdown()
        #expect(isGone(second))
        // Neither the crashed worker's socket nor the replacement's is still open. (Counting the
        // process's sockets cannot tell: suites running beside this one open their own.)
        for socket in firstSockets + secondSockets {
            #expect(openFile(socket.fd) != socket.file, "descriptor \(socket.fd) still open")
        }
    }

    @Test("A worker stuck past the timeout is killed and reaped, and replaced; the photo fails when a fresh worker is stuck too")
    func timeoutKillsAndReplaces() throws {
        let dir = TempFolder()
        let pool = DecoderPool(size: 1, configuration: workerConfiguration(timeout: .seconds(2),
                                                                           environment: ["CASCADE_DECODER_HANG_ON": "stuck"]))
        defer { pool.shutdown() }
        let good = try makeRedBlue(dir, "good.png", width: 200, height: 100)
        let stuck = try makeRedBlue(dir, "stuck.png", width: 200, height: 100)
        _ = try pool.decode(PhotoDecodeRequest(path: good, format: .png, box: PixelSize(width: 50, height: 50), mode: .fill))
        let hung = try #require(pool.workerProcessIDs.first)

        let error = #expect(throws: DecodeError.self) {
            try pool.decode(PhotoDecodeRequest(path: stuck, format: .png, box: PixelSize(width: 50, height: 50), mode: .fill))
        }
        #expect(error?.reason == "decoder took longer than 2 s")
        #expect(isGone(hung))
        let image = try pool.decode(PhotoDecodeRequest(path: good, format: .png, box: PixelSize(width: 50, height: 50), mode: .fill))
        #expect(image.width == 50)
        #expect(pool.spawnedCount == 3)
    }

    @Test("An idle worker killed from outside is replaced without failing any photo")
    func idleWorkerKilled() throws {
        let dir = TempFolder()
        let pool = DecoderPool(size: 1, configuration: workerConfiguration())
        defer { pool.shutdown() }
        let good = try makeRedBlue(dir, "good.jpg", width: 200, height: 100)
        _ = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        let worker = try #require(pool.workerProcessIDs.first)
        kill(worker, SIGKILL)
        // Once the worker is dead (a zombie: its socket is closed), the next photo is decoded,
        // not blamed for it. A kill in the very instant the request goes out cannot be told
        // from a death while decoding; that photo fails like any photo in flight.
        try waitUntil("the killed worker to die") { isZombieOrGone(worker) }
        let image = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        #expect(image.width == 50)
        #expect(isGone(worker))
        #expect(pool.spawnedCount == 2)
    }

    @Test("A crash is recorded in the fail folder and honoured: the poisoned photo is not tried again")
    func crashRecordedAndHonoured() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let pool = DecoderPool(size: 1, configuration: workerConfiguration(environment: ["CASCADE_DECODER_CRASH_ON": "poison"]))
        defer { pool.shutdown() }
        let loader = TileImageLoader(cache: cache, decoder: pool)
        let poisoned = try makeRedBlue(dir, "poison.jpg", width: 800, height: 600)

        let first = #expect(throws: DecodeError.self) {
            try loader.load(path: poisoned, format: .jpeg, storedSize: PixelSize(width: 800, height: 600), tile: PixelSize(width: 200, height: 200))
        }
        #expect(first == .decoderCrashed("decoder crashed (signal 6)"))
        #expect(cache.failure(path: poisoned, stamp: try FileStamp.of(poisoned)) == "decoder crashed (signal 6)")
        #expect(pool.spawnedCount == 2)

        // The next start (a new loader, a new pool) does not hand the file to any worker.
        let again = DecoderPool(size: 1, configuration: workerConfiguration(environment: ["CASCADE_DECODER_CRASH_ON": "poison"]))
        defer { again.shutdown() }
        let second = #expect(throws: DecodeError.self) {
            try TileImageLoader(cache: cache, decoder: again).load(path: poisoned, format: .jpeg, storedSize: PixelSize(width: 800, height: 600),
                                                                   tile: PixelSize(width: 200, height: 200))
        }
        #expect(second == .failedBefore("decoder crashed (signal 6)"))
        #expect(again.spawnedCount == 0)
        #expect(loader.warm(path: poisoned, format: .jpeg, orientation: .up, storedSize: PixelSize(width: 800, height: 600), size: .large)
                == .failed("decoder crashed (signal 6)"))
    }

    @Test("A program that is not a decode worker is refused before it sees a photo")
    func notAWorker() throws {
        let dir = TempFolder()
        var configuration = workerConfiguration()
        configuration.executable = "/bin/true"
        let pool = DecoderPool(size: 1, configuration: configuration)
        defer { pool.shutdown() }
        let good = try makeRedBlue(dir, "good.jpg", width: 200, height: 100)
        let error = #expect(throws: DecodeError.self) {
            try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        }
        #expect(error?.isContentFailure == false)
        #expect(error?.reason.hasPrefix("no decoder process:") == true)
        #expect(pool.workerProcessIDs.isEmpty)
    }

    @Test("Workers run at the niceness they are configured with; cascade itself keeps its own")
    func workersRunNiced() throws {
        let dir = TempFolder()
        let own = BackgroundPriority.currentThreadNiceness
        var configuration = workerConfiguration()
        configuration.limits.niceness = 10
        let pool = DecoderPool(size: 1, configuration: configuration)
        defer { pool.shutdown() }
        let good = try makeRedBlue(dir, "good.jpg", width: 200, height: 100)
        _ = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        let worker = try #require(pool.workerProcessIDs.first)
        // /proc/PID/stat: the 19th field is the nice value (counted after the name's parenthesis).
        let stat = try String(contentsOfFile: "/proc/\(worker)/stat", encoding: .utf8)
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        #expect(fields.count > 17 && fields[16] == "10", "worker stat: \(stat)")
        #expect(BackgroundPriority.currentThreadNiceness == own)
    }

    @Test("Workers do not outlive the thread that started them — they die with cascade")
    func parentDeathKillsWorkers() throws {
        let dir = TempFolder()
        let pool = DecoderPool(size: 2, configuration: workerConfiguration())
        let good = try makeRedBlue(dir, "good.jpg", width: 200, height: 100)
        _ = try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        let worker = try #require(pool.workerProcessIDs.first)
        let status = try String(contentsOfFile: "/proc/\(worker)/status", encoding: .utf8)
        #expect(status.contains("PPid:\t\(getpid())"))
        pool.shutdown()
        #expect(isGone(worker))
        #expect(throws: DecodeError.self) {
            try pool.decode(PhotoDecodeRequest(path: good, format: .jpeg, box: PixelSize(width: 50, height: 50), mode: .fill))
        }
    }

    @Test("The wire format carries every request field and every decode error unchanged")
    func wireFormat() throws {
        let request = PhotoDecodeRequest(path: PhotoPath(bytes: [0x2F, 0xFF, 0x61]), format: .webp, orientation: .leftMirrored,
                                         storedSize: PixelSize(width: 4000, height: 3000), box: PixelSize(width: 300, height: 200), mode: .fit, maxPixels: 12_345)
        let back = try WorkerMessages.decodeRequest(WorkerMessages.encode(request))
        #expect(back.path == request.path && back.format == .webp && back.orientation == .leftMirrored)
        #expect(back.storedSize == PixelSize(width: 4000, height: 3000) && back.box == PixelSize(width: 300, height: 200) && back.mode == .fit && back.maxPixels == 12_345)
        let errors: [DecodeError] = [.unreadable("denied"), .notRegularFile, .fileTooLarge(bytes: 1 << 30), .truncated,
                                     .corrupt(.png, detail: "bad CRC"), .tooManyPixels(width: 9, height: 8),
                                     .unsupported("12-bit JPEG"), .unknownSize, .outOfMemory, .failedBefore("x"),
                                     .decoderCrashed("y"), .decoderUnavailable("z")]
        for error in errors {
            guard case .failure(let decoded) = try WorkerMessages.decodeReply(WorkerMessages.encode(.failure(error))) else {
                Issue.record("\(error) came back as an image"); continue
            }
            #expect(decoded == error)
        }
        // A cut or padded message is refused, never misread.
        let whole = WorkerMessages.encode(.image(width: 10, height: 10, stride: 40, partial: nil))
        for length in 0..<whole.count {
            #expect(throws: WorkerMessages.Malformed.self) { try WorkerMessages.decodeReply(Array(whole.prefix(length))) }
        }
        #expect(throws: WorkerMessages.Malformed.self) { try WorkerMessages.decodeReply(whole + [0]) }
    }

    @Test("A reply larger than the request allows is refused")
    func implausibleGeometry() {
        let request = PhotoDecodeRequest(path: PhotoPath("x"), format: .jpeg, box: PixelSize(width: 100, height: 100), mode: .fill, maxPixels: 50_000)
        #expect(DecoderPool.plausible(width: 100, height: 100, stride: 400, for: request))
        #expect(!DecoderPool.plausible(width: 1000, height: 1000, stride: 4000, for: request))
        #expect(!DecoderPool.plausible(width: 100, height: 100, stride: 100, for: request))
        #expect(!DecoderPool.plausible(width: 0, height: 100, stride: 0, for: request))
        #expect(!DecoderPool.plausible(width: 1 << 31, height: 1 << 31, stride: 1 << 33, for: request))
    }
}
