#if canImport(Glibc)
import Glibc
#endif

/// The worker side of `DecoderPool`: what `cascade decode-worker` runs. One request at a time
/// from stdin (a SOCK_SEQPACKET socket, the file's descriptor alongside), decoded by the C
/// libraries under resource limits, the reply on stdout with the pixels in a sealed memfd.
/// It ends when cascade closes the socket or dies.
public enum DecodeWorker {
    public struct Limits: Sendable {
        /// RLIMIT_AS in bytes (`MemoryBudget.addressSpace`): a decode that would need more fails
        /// as "too large to decode here" instead of pushing the machine into swap or the OOM killer.
        public var addressSpace: Int
        /// RLIMIT_CPU per request, in seconds: a backstop behind the parent's wall-clock timeout,
        /// for a decoder spinning while cascade itself is stopped (SIGSTOP, a debugger).
        public var cpuSecondsPerRequest: Int
        /// The worker's nice value (0…19): the viewer's workers yield the CPU to its frame
        /// loop and to the GPU driver's threads (BackgroundPriority); batch commands keep 0.
        public var niceness: Int32

        public init(addressSpace: Int, cpuSecondsPerRequest: Int, niceness: Int32 = 0) {
            self.addressSpace = addressSpace
            self.cpuSecondsPerRequest = cpuSecondsPerRequest
            self.niceness = niceness
        }
    }

    /// Test hooks, read from the environment once at start: a request whose path contains the
    /// value of `CASCADE_DECODER_CRASH_ON` makes the worker abort(), one containing
    /// `CASCADE_DECODER_HANG_ON` makes it sleep forever. They stand in for a poisoned file that
    /// crashes or hangs a C decoder; nothing sets them outside tests. `CASCADE_DECODER_HOLD_WHILE`
    /// names a file: every decode but a first-pass preview waits while it exists, so a test can
    /// kill workers from outside with photos certainly in flight, then let their retries
    /// through, or see the previews alone.
    static let crashHook = "CASCADE_DECODER_CRASH_ON"
    static let hangHook = "CASCADE_DECODER_HANG_ON"
    static let holdHook = "CASCADE_DECODER_HOLD_WHILE"

    /// Never returns: exits 0 when the socket closes, 1 if the worker cannot start.
    public static func run(parent: pid_t, limits: Limits) -> Never {
        // Die with the thread that spawned us, and catch a parent that died before this line.
        _ = prctl?(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        if getppid() != parent { exit(1) }
        // A crash is an expected event here, and a core file of a hostile photo's decode is
        // neither wanted nor small.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        var space = rlimit(rlim_cur: rlim_t(limits.addressSpace), rlim_max: rlim_t(limits.addressSpace))
        if setrlimit(Int32(RLIMIT_AS.rawValue), &space) != 0 { fail("cannot limit address space: \(String(cString: strerror(errno)))") }
        DecodeMemory.enterWorker(addressSpace: limits.addressSpace)
        LibrarySetup.ensure()
        // Said on stderr (the journal), never through a default logger: stdout is the socket.
        BackgroundPriority.lowerCurrentThread(to: limits.niceness) { say($0) }

        let environment = Environment()
        let socket = WorkerSocket(fd: 0)
        do {
            try socket.send(WorkerMessages.hello)
        } catch {
            exit(1)
        }
        while true {
            let received: WorkerSocket.Received
            do { received = try socket.receive() } catch { exit(1) }
            guard case .message(let bytes, let descriptor) = received else { exit(0) }
            limitCPU(seconds: limits.cpuSecondsPerRequest)
            let reply = answer(bytes, descriptor: descriptor, hooks: environment)
            do {
                try socket.send(reply.message, descriptor: reply.pixels)
            } catch {
                exit(1)
            }
            if let pixels = reply.pixels { close(pixels) }
        }
    }

    private struct Environment {
        let crashOn: [UInt8]?
        let hangOn: [UInt8]?
        let holdWhile: String?

        init() {
            func value(_ name: String) -> [UInt8]? {
                guard let raw = getenv(name) else { return nil }
                let bytes = Array(String(cString: raw).utf8)
                return bytes.isEmpty ? nil : bytes
            }
            crashOn = value(DecodeWorker.crashHook)
            hangOn = value(DecodeWorker.hangHook)
            holdWhile = value(DecodeWorker.holdHook).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private static func answer(_ bytes: [UInt8], descriptor: Int32?,
                               hooks: Environment) -> (message: [UInt8], pixels: Int32?) {
        guard let descriptor else { exit(1) }  // a request always carries its file
        let request: PhotoDecodeRequest
        do { request = try WorkerMessages.decodeRequest(bytes) } catch {
            close(descriptor)
            exit(1)
        }
        if let crash = hooks.crashOn, request.path.bytes.contains(crash) { abort() }
        if let hang = hooks.hangOn, request.path.bytes.contains(hang) { while true { sleep(1000) } }
        if let hold = hooks.holdWhile, !request.preview { while access(hold, F_OK) == 0 { usleep(10_000) } }

        if request.animation != nil { return frames(request, descriptor: descriptor) }
        let image: DecodedImage
        do throws(DecodeError) {
            let file: SafeFile
            do { file = try SafeFile(adopting: descriptor) } catch { throw DecodeError(error) }
            image = try InProcessDecoder.decodeSilently(file, request)
        } catch {
            return (WorkerMessages.encode(.failure(error)), nil)
        }
        do {
            let fd = try SharedPixels.share(image)
            return (WorkerMessages.encode(.image(width: image.width, height: image.height, stride: image.stride,
                                                             partial: image.partial, colourNote: image.colourNote)), fd)
        } catch {
            // Almost always the address-space limit: the memfd is counted when mapped.
            return (WorkerMessages.encode(.failure(.outOfMemory)), nil)
        }
    }

    /// An animation's window of frames, one after another in one memfd (they share a size).
    private static func frames(_ request: PhotoDecodeRequest, descriptor: Int32) -> (message: [UInt8], pixels: Int32?) {
        let chunk: AnimationChunk
        do throws(DecodeError) {
            let file: SafeFile
            do { file = try SafeFile(adopting: descriptor) } catch { throw DecodeError(error) }
            chunk = try InProcessDecoder.animationChunk(file, request)
        } catch {
            return (WorkerMessages.encode(.failure(error)), nil)
        }
        let shape = chunk.frames.first.map { ($0.width, $0.height, $0.stride) } ?? (1, 1, 4)
        guard chunk.frames.allSatisfy({ ($0.width, $0.height, $0.stride) == shape }) else {
            return (WorkerMessages.encode(.failure(.corrupt(request.format, detail: "frames of different sizes"))), nil)
        }
        let reply = WorkerMessages.Reply.frames(width: shape.0, height: shape.1, stride: shape.2, first: chunk.first,
                                                milliseconds: chunk.durations.map { Int(($0 * 1000).rounded()) },
                                                loopCount: chunk.loopCount, isLast: chunk.isLast)
        guard !chunk.frames.isEmpty else { return (WorkerMessages.encode(reply), nil) }
        do {
            let all = DecodedImage(width: shape.0, height: shape.1 * chunk.frames.count, stride: shape.2,
                                   pixels: chunk.frames.flatMap(\.pixels))
            return (WorkerMessages.encode(reply), try SharedPixels.share(all))
        } catch {
            return (WorkerMessages.encode(.failure(.outOfMemory)), nil)
        }
    }

    /// RLIMIT_CPU counts the whole life of the process, so each request gets its allowance on
    /// top of what the worker has used so far.
    private static func limitCPU(seconds: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
        limit.rlim_cur = min(rlim_t(used + seconds), limit.rlim_max)
        setrlimit(Int32(RLIMIT_CPU.rawValue), &limit)
    }

    private static func fail(_ message: String) -> Never {
        say(message)
        exit(1)
    }

    private static func say(_ message: String) {
        let line = Array("cascade decode-worker: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// prctl is variadic in C, which Swift cannot call; the fixed five-argument form is what the
    /// kernel takes anyway.
    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private static let prctl: Prctl? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl")
        .map { unsafeBitCast($0, to: Prctl.self) }
}
