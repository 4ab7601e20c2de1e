import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh, empty folder made by mkdtemp. `short`: directly in /tmp, for Unix socket paths,
/// which must fit sun_path's 108 bytes wherever TMPDIR points.
public func makeTemporaryFolder(_ prefix: String = "cascade-test", short: Bool = false) -> String {
    let parent = short ? "/tmp" : NSTemporaryDirectory()
    var template = Array(((parent as NSString).appendingPathComponent(prefix + ".XXXXXX")).utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return String(cString: made!)
}

/// Removes `path` and everything in it; a folder already gone is no failure.
public func removeFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// A fresh folder removed with everything in it at deinit, for files a test writes.
public final class TemporaryFolder {
    public let path: String

    public init(_ prefix: String = "cascade-test", short: Bool = false) {
        path = makeTemporaryFolder(prefix, short: short)
    }

    deinit { removeFolder(path) }

    /// `text` as the file `name` (sub-folders made as needed); its path.
    @discardableResult
    public func file(_ name: String, _ text: String) throws -> String {
        try bytes(name, Array(text.utf8))
    }

    /// `bytes` as the file `name` (sub-folders made as needed); its path.
    @discardableResult
    public func bytes(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}
