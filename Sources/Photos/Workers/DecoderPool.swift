import Foundation
import Logging
import Locking

/// Decodes photos in worker processes (GNOME Loupe/glycin's approach): the C decoders run in
/// `cascade decode-worker` children under an address-space and CPU limit, so a decoder that
/// crashes, hangs or blows up its memory on a file, in a fresh worker too, costs that one file —
/// an error tile, recorded in the thumbnail cache's fail folder by `TileImageLoader` — and a
/// fresh worker takes the next one.
///
/// Each calling thread borrows a worker for one decode and blocks on it; with as many workers as
/// decode threads nobody waits for a worker. Workers start on first use and are reused; a worker
/// killed from outside — idle or mid-decode — is replaced without blaming any file.
public final class DecoderPool: PhotoDecoding {
    public struct Configuration: Sendable {
        /// The program to run: this very binary by default.
        public var executable = "/proc/self/exe"
        /// argv[0] and the subcommand; the limits are appended as options.
        public var arguments = ["cascade", "decode-worker"]
        /// Added to (or replacing entries of) cascade's environment for the workers.
        public var environment: [String: String] = [:]
        /// How long one decode may take before its worker is killed.
        public var timeout: Duration = .seconds(20)
        /// How long a new worker may take to say hello. Apart from `timeout` because starting
        /// is loading cascade's libraries: seconds on a loaded machine with a cold page cache,
        /// however short the decode limit is.
        public var startTimeout: Duration = .seconds(20)
        public var limits = DecodeWorker.Limits(addressSpace: MemoryBudget.addressSpace(maxPixels: PhotoDecoder.defaultMaxPixels),
                                                cpuSecondsPerRequest: 60)
        /// A lower pixel budget than the requests ask for, when memory is short (MemoryBudget).
        public var maxPixelsPerDecode: Int?

        public init() {}
    }

    public let size: Int
    public let configuration: Configuration
    private let slots: DispatchSemaphore
    private let spawner: SpawnThread
    private let state = Locked(State())

    private struct State {
        var idle: [WorkerProcess] = []
        /// Every worker alive, idle or busy, by pid.
        var alive: Set<pid_t> = []
        var spawned = 0
        var closed = false
    }

    /// - Parameter size: the most workers at once; callers beyond that wait for one.
    public init(size: Int = ProcessInfo.processInfo.activeProcessorCount, configuration: Configuration = Configuration()) {
        self.size = max(1, size)
        self.configuration = configuration
        slots = DispatchSemaphore(value: self.size)
        spawner = SpawnThread(name: "cascade-decoder-spawn")
    }

    deinit { shutdown() }

    /// The workers alive now (for tests and diagnostics).
    public var workerProcessIDs: Set<pid_t> { state.withLock { $0.alive } }

    /// The descriptors of the idle workers' sockets, for tests that check none is leaked.
    var idleWorkerSockets: [Int32] { state.withLock { $0.idle.map(\.socket.fd) } }

    /// Workers started so far, replacements included.
    public var spawnedCount: Int { state.withLock { $0.spawned } }

    public func decode(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage {
        guard case .image(let image) = try run(file, request) else { throw .corrupt(request.format, detail: "frames for a photo") }
        return ColourNotes.said(image, path: request.path)
    }

    public func decodeAnimation(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> AnimationChunk {
        guard case .chunk(let chunk) = try run(file, request) else { throw .corrupt(request.format, detail: "a photo for frames") }
        return chunk
    }

    /// What a worker sends back for a request.
    private enum Output {
        case image(DecodedImage)
        case chunk(AnimationChunk)
    }

    private func run(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> Output {
        do {
            return try runCapped(file, request)
        } catch .tooManyPixels(let width, let height)
                    where configuration.maxPixelsPerDecode.map({ $0 < request.maxPixels }) == true && width * height <= request.maxPixels {
            // Refused by the lower budget of a machine short of memory, not by the cap asked for:
            // a failure of here and now, which must not be recorded against the file.
            throw .outOfMemory
        }
    }

    private func runCapped(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> Output {
        var request = request
        if let cap = configuration.maxPixelsPerDecode { request.maxPixels = min(request.maxPixels, cap) }
        let message = WorkerMessages.encode(request)
        guard message.count <= WorkerMessages.maxMessage else { throw .unreadable(String(cString: strerror(ENAMETOOLONG))) }
        slots.wait()
        defer { slots.signal() }
        var attempts = Attempts()
        // A worker that died before it had the photo — before its hello or before the request,
        // an outside `kill -9` can land there as well as mid-decode — says nothing about the
        // photo; three in a row mean something is wrong with starting workers.
        func diedBeforeThePhoto(_ why: String) throws(DecodeError) {
            attempts.deadBeforeRequest += 1
            if attempts.deadBeforeRequest >= 3 { throw .decoderUnavailable(why) }
        }
        while true {
            let worker: WorkerProcess
            switch try borrow() {
            case .ready(let ready): worker = ready
            case .diedBeforeHello(let reason):
                try diedBeforeThePhoto("decode worker did not start (\(reason))")
                continue
            }
            switch exchange(with: worker, message: message, file: file.fileDescriptor, request: request) {
            case .answered(let result):
                giveBack(worker)
                return try result.get()
            case .deadBeforeRequest:
                retire(worker, kill: true)
                try diedBeforeThePhoto("workers keep dying before they get a photo")
            case .broken(let reason, let kill):
                let ending = retire(worker, kill: kill)
                // cascade's own shutdown ends the workers in flight (they die with the spawning
                // thread): that is no verdict on the photo, and nothing is retried any more.
                if isClosed { throw .decoderUnavailable("decoding has stopped") }
                if reason != nil || ending.isPhotosFault {
                    attempts.photosFault += 1
                    if attempts.photosFault >= Self.faultsToFail { throw .decoderCrashed(reason ?? ending.reason) }
                } else {
                    Self.logger.warning("a decode worker was stopped from outside; its photo goes to a fresh one",
                                        metadata: ["how": "\(ending.reason)", "path": "\(request.path)"])
                    attempts.killedFromOutside += 1
                    if attempts.killedFromOutside > Self.outsideKillRetries {
                        throw .decoderCrashed("\(ending.reason), \(attempts.killedFromOutside) times in a row")
                    }
                }
            }
        }
    }

    /// A worker that crashed, hung past the timeout or hit a limit on a photo may have been
    /// unlucky (a flaky library, a machine too loaded to finish in time): the photo is blamed —
    /// and recorded in the fail folder for good — only when a fresh worker fails on it again.
    static let faultsToFail = 2

    /// A worker killed from outside while decoding (`kill -9`, the OOM killer, SIGTERM to the
    /// whole group) is not the photo's fault, so the photo goes to a fresh worker. A photo whose
    /// decode keeps getting its worker killed — the OOM killer picking the worker it swells —
    /// still fails after this many retries.
    static let outsideKillRetries = 3

    private struct Attempts {
        var deadBeforeRequest = 0
        var photosFault = 0
        var killedFromOutside = 0
    }

    private var isClosed: Bool { state.withLock { $0.closed } }

    private static let logger = Logger(label: "cascade.decode")

    /// Ends every worker and refuses new decodes. Idle workers are told to go by closing their
    /// sockets, and reaped; busy ones are killed, and their decodes fail as "decoding has
    /// stopped" without blaming the photos, so an exit waits for no photo.
    public func shutdown() {
        let idle = state.withLock { state -> [WorkerProcess] in
            state.closed = true
            let idle = state.idle
            state.idle = []
            // In `alive`, so not reaped yet (retire removes them first): the pids are still theirs.
            let busy = state.alive.subtracting(idle.map(\.pid))
            for pid in busy { kill(pid, SIGKILL) }
            return idle
        }
        for worker in idle { retire(worker, kill: true) }
        spawner.stop()
    }

    public func stopDecoding() { shutdown() }

    // MARK: Workers

    private enum Borrowed {
        case ready(WorkerProcess)
        /// A fresh worker ended before it said hello; why.
        case diedBeforeHello(String)
    }

    private func borrow() throws(DecodeError) -> Borrowed {
        let reused = try state.withLock { state throws(DecodeError) -> WorkerProcess? in
            if state.closed { throw .decoderUnavailable("decoding has stopped") }
            return state.idle.popLast()
        }
        if let reused { return .ready(reused) }
        let configuration = self.configuration
        let parent = getpid()
        var environment = configuration.environment
        // Crashing is what a worker is for; Swift's backtracer would spend a second and a page
        // of log on each one. Whoever sets SWIFT_BACKTRACE themselves still gets theirs.
        if environment["SWIFT_BACKTRACE"] == nil, getenv("SWIFT_BACKTRACE") == nil {
            environment["SWIFT_BACKTRACE"] = "enable=no"
        }
        let overrides = environment
        let started = spawner.run { () -> Result<WorkerProcess, WorkerProcess.SpawnFailure> in
            let argv = configuration.arguments + [
                "--parent", String(parent),
                "--address-space", String(configuration.limits.addressSpace),
                "--cpu-seconds", String(configuration.limits.cpuSecondsPerRequest),
                "--nice", String(configuration.limits.niceness),
            ]
            do throws(WorkerProcess.SpawnFailure) {
                return .success(try WorkerProcess.spawn(executable: configuration.executable, argv: argv,
                                                        environment: WorkerProcess.environment(with: overrides)))
            } catch {
                return .failure(error)
            }
        }
        guard let started else { throw .decoderUnavailable("decoding has stopped") }
        let worker: WorkerProcess
        switch started {
        case .success(let spawned): worker = spawned
        case .failure(let failure): throw .decoderUnavailable(failure.description)
        }
        // `shutdown` kills the busy workers it finds in `alive`, under this lock: a worker spawned
        // while it ran was not among them, and would hold its decode (and the exit) until the
        // timeout, so it is ended here instead.
        let closedMeanwhile = state.withLock { state -> Bool in
            state.alive.insert(worker.pid)
            state.spawned += 1
            return state.closed
        }
        if closedMeanwhile {
            retire(worker, kill: true)
            throw .decoderUnavailable("decoding has stopped")
        }
        // The hello proves the program is a worker of this protocol and its limits are set.
        guard worker.socket.waitReadable(milliseconds: Self.milliseconds(configuration.startTimeout)),
              case .message(let hello, let stray)? = try? worker.socket.receive(), hello == WorkerMessages.hello else {
            return .diedBeforeHello(retire(worker, kill: true).reason)
        }
        if let stray { close(stray) }
        return .ready(worker)
    }

    private func giveBack(_ worker: WorkerProcess) {
        let keep = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.idle.append(worker)
            return true
        }
        if !keep { retire(worker, kill: true) }
    }

    @discardableResult
    private func retire(_ worker: WorkerProcess, kill: Bool) -> WorkerProcess.Ending {
        let ending = worker.end(kill: kill)
        state.withLock { _ = $0.alive.remove(worker.pid) }
        return ending
    }

    // MARK: One request

    private enum Exchange {
        case answered(Result<Output, DecodeError>)
        /// The worker was gone before it could have read the request: not the file's fault.
        case deadBeforeRequest
        /// The worker died, hung or misbehaved on this file. `reason` nil: say how it ended.
        case broken(reason: String?, kill: Bool)
    }

    private func exchange(with worker: WorkerProcess, message: [UInt8], file: Int32,
                          request: PhotoDecodeRequest) -> Exchange {
        if worker.socket.peerGoneOrChatty { return .deadBeforeRequest }
        do {
            try worker.socket.send(message, descriptor: file)
        } catch {
            if error.code == EPIPE || error.code == ECONNRESET { return .deadBeforeRequest }
            return .broken(reason: "cannot talk to the decoder: \(String(cString: strerror(error.code)))", kill: true)
        }
        guard worker.socket.waitReadable(milliseconds: Self.milliseconds(configuration.timeout)) else {
            return .broken(reason: "decoder took longer than \(Self.seconds(configuration.timeout)) s", kill: true)
        }
        let received: WorkerSocket.Received
        do { received = try worker.socket.receive() } catch {
            return .broken(reason: "decoder sent a malformed reply", kill: true)
        }
        let bytes: [UInt8], descriptor: Int32?
        switch received {
        case .message(let message, let fd): (bytes, descriptor) = (message, fd)
        case .reset: return .deadBeforeRequest
        case .closed: return .broken(reason: nil, kill: false)
        }
        defer { if let descriptor { close(descriptor) } }
        let reply: WorkerMessages.Reply
        do { reply = try WorkerMessages.decodeReply(bytes) } catch {
            return .broken(reason: "decoder sent a malformed reply", kill: true)
        }
        switch reply {
        case .failure(let error):
            return .answered(.failure(error))
        case .image(let width, let height, let stride, let partial, let colourNote):
            guard let descriptor, Self.plausible(width: width, height: height, stride: stride, for: request) else {
                return .broken(reason: "decoder sent a malformed reply", kill: true)
            }
            do {
                var image = try SharedPixels.take(descriptor, width: width, height: height, stride: stride)
                image.partial = partial
                image.colourNote = colourNote
                return .answered(.success(.image(image)))
            } catch {
                return .broken(reason: "decoder sent unreadable pixels (\(error))", kill: true)
            }
        case .frames(let width, let height, let stride, let first, let milliseconds, let loopCount, let isLast):
            guard let window = request.animation, first == window.start, isLast || !milliseconds.isEmpty,
                  Self.plausible(frames: milliseconds.count, width: width, height: height, stride: stride, for: request),
                  milliseconds.isEmpty || descriptor != nil else {
                return .broken(reason: "decoder sent a malformed reply", kill: true)
            }
            var frames: [DecodedImage] = []
            if let descriptor, !milliseconds.isEmpty {
                do {
                    let all = try SharedPixels.take(descriptor, width: width, height: height * milliseconds.count, stride: stride)
                    let size = stride * height
                    frames = (0..<milliseconds.count).map {
                        DecodedImage(width: width, height: height, stride: stride, pixels: Array(all.pixels[$0 * size..<($0 + 1) * size]))
                    }
                } catch {
                    return .broken(reason: "decoder sent unreadable pixels (\(error))", kill: true)
                }
            }
            return .answered(.success(.chunk(AnimationChunk(first: first, frames: frames,
                                                            durations: milliseconds.map(AnimationChunk.duration(milliseconds:)),
                                                            loopCount: loopCount, isLast: isLast))))
        }
    }

    /// A chunk's frames each plausible, no more of them than asked for, and their bytes within
    /// the window's bound (which the last frame may pass).
    static func plausible(frames count: Int, width: Int, height: Int, stride: Int, for request: PhotoDecodeRequest) -> Bool {
        guard let window = request.animation, count <= window.maxFrames else { return false }
        guard count > 0 else { return true }
        guard plausible(width: width, height: height, stride: stride, for: request) else { return false }
        let (bytes, overflow) = (stride * height).multipliedReportingOverflow(by: count)
        return !overflow && bytes <= window.maxBytes + stride * height
    }

    /// A reply's geometry within what the request allows, so a compromised worker cannot make
    /// cascade allocate more than an in-process decode would.
    static func plausible(width: Int, height: Int, stride: Int, for request: PhotoDecodeRequest) -> Bool {
        guard width > 0, height > 0, stride >= width * 4, stride <= width * 4 + 64 else { return false }
        let allowed = max(request.maxPixels, request.box.width * request.box.height)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= allowed
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, ms))
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(milliseconds(duration)) / 1000
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
