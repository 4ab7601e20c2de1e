#if canImport(Glibc)
import Glibc
#endif

/// One decode worker as cascade sees it: a child process running `cascade decode-worker`, its
/// stdin and stdout one end of a socket pair whose other end is `socket`.
struct WorkerProcess: Sendable {
    let pid: pid_t
    let socket: WorkerSocket

    struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `argv` with a clean slate: default signal dispositions, nothing blocked (the frame
    /// loop's thread blocks signals and the runtime ignores SIGPIPE; a decoder must crash on
    /// SIGSEGV, not inherit an ignored disposition), no descriptors but stdin/stdout (the socket)
    /// and stderr (shared, for its log lines).
    static func spawn(executable: String, argv: [String], environment: [String]) throws(SpawnFailure) -> WorkerProcess {
        let ours: WorkerSocket, theirs: WorkerSocket
        do { (ours, theirs) = try WorkerSocket.pair() } catch {
            throw SpawnFailure(description: "socketpair: \(String(cString: strerror(error.code)))")
        }
        defer { theirs.close() }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, theirs.fd, 0)
        posix_spawn_file_actions_adddup2(&actions, theirs.fd, 1)
        // Descriptors opened without O_CLOEXEC elsewhere in cascade (a display connection, a
        // control client) must not reach a process that parses hostile files.
        if let closeFrom { _ = closeFrom(&actions, 3) }

        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer { (cArgv + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, cArgv, cEnv)
        guard result == 0 else {
            ours.close()
            throw SpawnFailure(description: "\(executable): \(String(cString: strerror(result)))")
        }
        return WorkerProcess(pid: pid, socket: ours)
    }

    /// How a worker ended, in the words of an error tile.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Reaped by someone else (SIGCHLD ignored, a waitpid(-1) elsewhere).
        case unknown

        var reason: String {
            switch self {
            case .exited(let status): return "decoder exited (status \(status))"
            case .signalled(SIGKILL): return "decoder was killed (signal 9)"
            case .signalled(SIGXCPU): return "decoder used too much CPU time"
            case .signalled(let number): return "decoder crashed (signal \(number))"
            case .unknown: return "decoder stopped"
            }
        }
    }

    /// Closes our end and reaps the process. `kill`: SIGKILL it first (stuck, or no longer
    /// trusted). Otherwise it is given a moment to finish an exit already under way — its socket
    /// closes a little before it becomes a zombie — and killed after that.
    @discardableResult
    func end(kill killFirst: Bool) -> Ending {
        socket.close()
        if killFirst { kill(pid, SIGKILL) }
        var status: Int32 = 0
        for attempt in 0..<200 {
            let r = waitpid(pid, &status, killFirst ? 0 : WNOHANG)
            if r == pid { return Self.ending(status) }
            if r < 0, errno != EINTR { return .unknown }
            if r == 0 {
                if attempt == 199 { break }
                usleep(5_000)
            }
        }
        kill(pid, SIGKILL)
        while true {
            let r = waitpid(pid, &status, 0)
            if r == pid { return Self.ending(status) }
            if r < 0, errno != EINTR { return .unknown }
        }
    }

    private static func ending(_ status: Int32) -> Ending {
        let low = status & 0x7f
        return low == 0 ? .exited((status >> 8) & 0xff) : .signalled(low)
    }

    /// glibc ≥ 2.34 has it, but Swift's Glibc module does not declare it.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    /// `environ` as `NAME=value` strings, with `overrides` replacing or adding entries.
    static func environment(with overrides: [String: String]) -> [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if overrides[name] == nil { entries.append(text) }
            cursor += 1
        }
        return entries + overrides.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
