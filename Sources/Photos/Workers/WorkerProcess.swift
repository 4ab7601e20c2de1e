#if canImport(Glibc)
import Glibc
#endif
import Spawn

/// One decode worker as cascade sees it: a child process running `cascade decode-worker`, its
/// stdin and stdout one end of a socket pair whose other end is `socket`.
struct WorkerProcess: Sendable {
    let pid: pid_t
    let socket: WorkerSocket

    struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `argv` with a clean slate (CleanSpawn): a decoder must crash on SIGSEGV, not
    /// inherit an ignored disposition, and see no descriptor of cascade's but its socket.
    static func spawn(executable: String, argv: [String], environment: [String]) throws(SpawnFailure) -> WorkerProcess {
        let ours: WorkerSocket, theirs: WorkerSocket
        do { (ours, theirs) = try WorkerSocket.pair() } catch {
            throw SpawnFailure(description: "socketpair: \(String(cString: strerror(error.code)))")
        }
        defer { theirs.close() }

        // stdin and stdout are the socket; stderr is shared, for the worker's log lines.
        let spawned = CleanSpawn.spawn(executable: executable, argv: argv.map { Array($0.utf8) },
                                       environment: environment.map { Array($0.utf8) }) { actions in
            posix_spawn_file_actions_adddup2(&actions, theirs.fd, 0)
            posix_spawn_file_actions_adddup2(&actions, theirs.fd, 1)
        }
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let failure):
            ours.close()
            throw SpawnFailure(description: "\(executable): \(String(cString: strerror(failure.code)))")
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

        /// Whether the photo in flight can have caused this end: a fault (SIGSEGV, SIGABRT,
        /// SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS), the CPU limit (SIGXCPU), an exit. Any other
        /// signal — SIGKILL from a user or the OOM killer, SIGTERM from `systemctl stop` sent to
        /// the whole group — came from outside and says nothing about the photo. (cascade's own
        /// kills, on a timeout or a malformed reply, are blamed by the pool before it looks here.)
        var isPhotosFault: Bool {
            switch self {
            case .exited, .unknown: return true
            case .signalled(let number): return Self.faultSignals.contains(number)
            }
        }

        private static let faultSignals: Set<Int32> = [SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ]
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
