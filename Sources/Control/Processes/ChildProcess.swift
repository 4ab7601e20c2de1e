// One child process: posix_spawnp with a clean start (default signal dispositions, nothing
// blocked, stdin and stdout on /dev/null, no inherited descriptors but stderr, which is a pipe),
// then its stderr read line by line and its exit reaped — on the caller's thread, which is
// meant to be a thread of its own.

import Glibc
import Spawn

struct ChildProcess: Sendable {
    enum Status: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Someone else reaped it (SIGCHLD ignored, a waitpid(-1) elsewhere): how it ended is lost.
        case unknown
    }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    /// The read end of the child's stderr, non-blocking.
    let stderr: Int32

    /// Lines logged per command; the rest of its stderr is read and dropped, so a chatty
    /// command neither blocks on a full pipe nor floods the journal.
    static let maxLines = 20
    /// Bytes kept of one line.
    static let maxLineBytes = 400

    static func spawn(argv: [[UInt8]], environment: [[UInt8]]) -> Result<ChildProcess, SpawnError> {
        var fds: [Int32] = [-1, -1]
        guard makePipe(&fds) == 0 else { return .failure(SpawnError(description: "no pipe: \(errorText(errno))")) }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(writeEnd) }

        let spawned = CleanSpawn.spawn(executable: nil, argv: argv, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        }
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let failure):
            close(readEnd)
            return .failure(SpawnError(description: errorText(failure.code)))
        }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        return .success(ChildProcess(pid: pid, stderr: readEnd))
    }

    /// Reads stderr until the child is gone, handing each (bounded) line to `line`, then reaps it.
    /// Blocks: call it on a thread of its own.
    func collect(_ line: @escaping (String) -> Void) -> Status {
        var lines = StderrLines(maxLines: Self.maxLines, maxLineBytes: Self.maxLineBytes, emit: line)
        var status: Int32 = 0
        var reaped = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        // A grandchild may keep stderr open after the child has ended, so the child's end is
        // watched too: through a pidfd (readable once it exits), or where the kernel has none
        // by looking every quarter second.
        let pidfd = Self.pidfdOpen?(pid, 0) ?? -1
        defer { if pidfd >= 0 { close(pidfd) } }
        var watched = [pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)]
        if pidfd >= 0 { watched.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
        reading: while true {
            if poll(&watched, nfds_t(watched.count), pidfd >= 0 ? -1 : 250) < 0, errno != EINTR { break }
            while true {
                let n = buffer.withUnsafeMutableBytes { read(stderr, $0.baseAddress, $0.count) }
                if n > 0 { lines.add(buffer[0..<n]); continue }
                if n == 0 { break reading } // every writer has closed it
                if errno == EINTR { continue }
                if errno == EAGAIN { break }
                break reading
            }
            if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
        }
        close(stderr)
        lines.finish()
        while !reaped {
            let r = waitpid(pid, &status, 0)
            if r == pid { reaped = true } else if r < 0, errno != EINTR { return .unknown }
        }
        let low = status & 0x7f
        return low == 0 ? .exited((status >> 8) & 0xff) : .signalled(low)
    }

    static func currentEnvironment() -> [[UInt8]] {
        var entries: [[UInt8]] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(Array(UnsafeBufferPointer(start: entry, count: strlen(entry)).map { UInt8(bitPattern: $0) }))
            cursor += 1
        }
        return entries
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Both ends close on exec from the start: a pipe(2) then fcntl(2) would leave a moment in
    /// which another thread's spawn inherits them and holds our stderr open.
    private static func makePipe(_ fds: inout [Int32]) -> Int32 {
        if let pipe2 { return pipe2(&fds, O_CLOEXEC) }
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private static let pipe2: Pipe2? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2")
        .map { unsafeBitCast($0, to: Pipe2.self) }

    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    private static let pidfdOpen: PidfdOpen? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open")
        .map { unsafeBitCast($0, to: PidfdOpen.self) }
}
