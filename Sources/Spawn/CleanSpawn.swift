#if canImport(Glibc)
import Glibc
#endif

/// Every child cascade starts — decode workers, on-select commands — starts clean: no signal
/// blocked and every disposition at its default (the frame loop's thread blocks signals and the
/// Swift runtime ignores SIGPIPE; a decoder must crash on SIGSEGV, a command must die of a
/// closed pipe, as their authors expect), and no descriptor but the three the caller sets up
/// (a display connection or a control client opened without O_CLOEXEC must not live on in a
/// program that parses hostile files or outlives them).
public enum CleanSpawn {
    /// A spawn that failed, with its errno.
    public struct Failure: Error {
        public let code: Int32
    }

    /// Starts `argv`; `executable` nil looks `argv[0]` up in PATH (posix_spawnp). `standardStreams`
    /// adds the actions that give the child its descriptors 0, 1 and 2; everything above is closed.
    /// Returns the child's pid, or the errno of the failed spawn.
    public static func spawn(executable: String?, argv: [[UInt8]], environment: [[UInt8]],
                             standardStreams: (inout posix_spawn_file_actions_t) -> Void) -> Result<pid_t, Failure> {
        guard !argv.isEmpty else { return .failure(Failure(code: EINVAL)) }
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
        standardStreams(&actions)
        if let closeFrom { _ = closeFrom(&actions, 3) }

        let cArgv = CStrings(argv), cEnv = CStrings(environment)
        defer { cArgv.free(); cEnv.free() }
        var pid: pid_t = 0
        let result = if let executable {
            posix_spawn(&pid, executable, &actions, &attributes, cArgv.pointers, cEnv.pointers)
        } else {
            posix_spawnp(&pid, cArgv.pointers[0]!, &actions, &attributes, cArgv.pointers, cEnv.pointers)
        }
        return result == 0 ? .success(pid) : .failure(Failure(code: result))
    }

    /// glibc ≥ 2.34 has it, but Swift's Glibc module does not declare it; looked up once.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }
}

/// NUL-terminated copies and the NULL-terminated array of pointers exec wants.
private struct CStrings {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [[UInt8]]) {
        pointers = strings.map { bytes in
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            return p
        } + [nil]
    }

    func free() { for p in pointers { p?.deallocate() } }
}
