import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Trash specification's other clients, run as a user would: trash-cli and GLib's `gio`
/// (its trash:// listing lives in gvfs, reached over a private D-Bus session). Each reads the
/// trash under `dataHome` (`XDG_DATA_HOME`) and the top-directory trashes of the mounts it sees.
public struct TrashClients {
    public let dataHome: String

    public init(dataHome: String) { self.dataHome = dataHome }

    /// Runs `arguments` with `input` on stdin; its exit status and standard output. The output
    /// goes through a file, not a pipe: gio's D-Bus session leaves daemons behind for a moment,
    /// and one holding a pipe's end (its own or, with tests in parallel, another's) would keep
    /// a reader waiting for an end of file that never comes.
    public func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let outputFile = NSTemporaryDirectory() + "cascade-trash-client-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: outputFile, contents: nil),
              let output = FileHandle(forWritingAtPath: outputFile) else {
            throw HarnessError("cannot make \(outputFile)")
        }
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome
        process.environment = environment
        let stdin = Pipe()
        process.standardOutput = output
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.close()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        // `timeout` made a process group of its own (its pid): the D-Bus session's daemons,
        // still in it, end with it.
        if arguments.first == "timeout" { kill(-process.processIdentifier, SIGKILL) }
        let data = try Data(contentsOf: URL(fileURLWithPath: outputFile))
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `trash-list`: one line `YYYY-MM-DD hh:mm:ss /original/path` per trashed file.
    public func trashList() throws -> String {
        let result = try run(["trash-list"])
        guard result.status == 0 else { throw HarnessError("trash-list failed (\(result.status))") }
        return result.output
    }

    /// `gio list` of trash:/// with each file's original path and deletion date, as GLib
    /// parses them: `name\tsize\t(type)\ttrash::orig-path=… trash::deletion-date=…`.
    public func gioList() throws -> String {
        try gio("gio list -a trash::orig-path,trash::deletion-date trash:///").output
    }

    /// `command` in a D-Bus session of its own. gvfs's trash backend reads the trash folders
    /// only once it has started, so a `gio` right after its activation sees an empty trash; the
    /// command waits, polling the listing (at most 10 s), until the backend lists something.
    public func gio(_ command: String) throws -> (status: Int32, output: String) {
        let ready = #"i=0; while [ $i -lt 100 ] && [ -z "$(gio list trash:/// 2>/dev/null)" ]; do i=$((i + 1)); sleep 0.1; done; "#
        return try run(["timeout", "60", "dbus-run-session", "--", "sh", "-c", ready + command])
    }

    /// Whether gio lists, here, a trash made by trash-cli's `trash-put` — the control for the
    /// comparison with cascade's trash. Where gvfs's trash backend cannot work (it has been seen
    /// to list nothing at all in a bare chroot) the comparison is left out, and trash-cli alone
    /// checks cascade's trash; where it lists trash-put's file, it must list cascade's too.
    public static let gioListsATrash: Bool = {
        guard missing(["trash-put", "gio", "dbus-run-session"]) == nil else { return false }
        var template = Array("/tmp/cascade-gio-probe.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return false }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let probe = folder + "/probe.jpg"
        guard FileManager.default.createFile(atPath: probe, contents: Data([1])) else { return false }
        let clients = TrashClients(dataHome: folder + "/data")
        guard let put = try? clients.run(["trash-put", probe]), put.status == 0,
              let listed = try? clients.gio("gio list trash:///") else { return false }
        return listed.output.contains("probe.jpg")
    }()

    /// Why the tests of the clients cannot run here, or nil when they can.
    public static func missing(_ tools: [String]) -> String? {
        tools.first { !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0) }
            .map { "\($0) is not installed (script/bootstrap installs trash-cli, libglib2.0-bin, gvfs-daemons and dbus-daemon)" }
    }
}

