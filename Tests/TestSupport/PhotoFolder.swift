import Foundation

/// A temporary folder of solid-colour photos made with ImageMagick, removed at deinit.
final class PhotoFolder {
    private let folder = TemporaryFolder("cascade-app")
    var path: String { folder.path }

    init() throws {}

    /// A photo of one colour (an ImageMagick colour name or #rrggbb).
    @discardableResult
    func photo(_ name: String, width: Int, height: Int, colour: String) throws -> String {
        let file = path + "/" + name
        try magick(["-size", "\(width)x\(height)", "xc:\(colour)", file])
        return file
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

func magick(_ arguments: [String]) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    p.arguments = arguments
    try p.run()
    p.waitUntilExit()
    guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}

/// A name that is not UTF-8, as a Linux file may have, made and passed on the command line as
/// bytes: Swift strings (and so a test's argument lists) cannot hold it.
public struct ByteName {
    /// The file's new name: `to` with byte 0xFE where `~` stands.
    public let bytes: [UInt8]
    /// A file holding the full path's bytes, for the shell to read into an argument.
    private let holder: String

    /// Renames `folder/old` to `new` with its `~` as byte 0xFE.
    public init(renaming old: String, to new: String, in folder: String) throws {
        bytes = Array(new.utf8).map { $0 == UInt8(ascii: "~") ? 0xFE : $0 }
        let full = Array((folder + "/").utf8) + bytes
        guard (folder + "/" + old).withCString({ from in (full + [0]).withUnsafeBufferPointer { to in
            to.withMemoryRebound(to: CChar.self) { rename(from, $0.baseAddress!) } } }) == 0 else {
            throw HarnessError("cannot rename \(old): \(String(cString: strerror(errno)))")
        }
        holder = folder + "/.bytename-" + UUID().uuidString
        try Data(full).write(to: URL(fileURLWithPath: holder))
    }

    /// A launcher that runs the command after it with the path's bytes in place of every `@@`.
    public var launcher: [String] {
        ["/bin/sh", "-c", "name=$(cat \"$0\"); for a; do shift; if [ \"$a\" = @@ ]; then set -- \"$@\" \"$name\"; else set -- \"$@\" \"$a\"; fi; done; exec \"$@\"", holder]
    }
}
