import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The Trash specification's other clients, run as a user would: trash-cli and GLib's `gio`
/// (its trash:// listing lives in gvfs, reached over a private D-Bus session). Each reads the
/// trash under `dataHome` (`XDG_DATA_HOME`) and the top-directory trashes of the mounts it sees.
struct TrashClients {
    let dataHome: String

    /// Runs `arguments` with `input` on stdin; its exit status and standard output.
    func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome
        process.environment = environment
        let stdout = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// `trash-list`: one line `YYYY-MM-DD hh:mm:ss /original/path` per trashed file.
    func trashList() throws -> String {
        let result = try run(["trash-list"])
        XCTAssertEqual(result.status, 0, "trash-list failed")
        return result.output
    }

    /// `gio list` of trash:/// with each file's original path and deletion date, as GLib
    /// parses them: `name\tsize\t(type)\ttrash::orig-path=… trash::deletion-date=…`.
    func gioList() throws -> String {
        try gio("gio list -a trash::orig-path,trash::deletion-date trash:///").output
    }

    func gio(_ command: String) throws -> (status: Int32, output: String) {
        try run(["timeout", "60", "dbus-run-session", "--", "sh", "-c", command])
    }

    static func require(_ tools: [String]) throws {
        for tool in tools where !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + tool) {
            throw XCTSkip("\(tool) is not installed (script/bootstrap installs trash-cli, libglib2.0-bin and gvfs)")
        }
    }
}

/// Calls Swift's Glibc module does not declare (they need _GNU_SOURCE), looked up at run time.
enum GNUCalls {
    static let cloneNewNamespace: Int32 = 0x0002_0000  // CLONE_NEWNS

    /// unshare(2): 0, or -1 and errno.
    static func unshare(_ flags: Int32) -> Int32 {
        typealias Call = @convention(c) (Int32) -> Int32
        return unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare"), to: Call.self)(flags)
    }

    /// setfsuid(2) for the calling thread only; the previous filesystem uid.
    static func setfsuid(_ uid: uid_t) -> Int32 {
        typealias Call = @convention(c) (uid_t) -> Int32
        return unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid"), to: Call.self)(uid)
    }
}
