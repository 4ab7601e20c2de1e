// A file holding a secret — an API key, a password — named by the configuration: read bounded (a
// key is a line, not a gigabyte a mistaken path would bring into memory), refused by its name and
// never its content, and looked at for who else may read it.

import Glibc

public enum SecretFile {
    /// The most a secret file may hold: far more than any key or password line.
    public static let limit = 4096

    /// The first line of `path`, without its line break (and a `\r` before it), as written.
    /// `what` names the file in errors ("the key file"). A file that is not a regular one (a FIFO
    /// would block, a device never end), larger than `limit`, not UTF-8 or whose first line holds
    /// a control character is refused.
    public static func firstLine(of path: String, what: String) throws(SecretFileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw SecretFileError("cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw SecretFileError("\(what) \(path) is not a regular file")
        }
        guard status.st_size <= limit else { throw SecretFileError("\(what) \(path) is larger than \(limit >> 10) KiB") }
        // One byte more than allowed: a file that grew since fstat is still caught.
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw SecretFileError("cannot read \(what) \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            count += n
        }
        guard count <= limit else { throw SecretFileError("\(what) \(path) is larger than \(limit >> 10) KiB") }
        var line = bytes[..<count].split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard let text = String(validating: line, as: UTF8.self) else {
            throw SecretFileError("\(what) \(path) is not UTF-8 text")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || (0x7F...0x9F).contains($0.value) }) else {
            throw SecretFileError("\(what) \(path) has a control character on its first line")
        }
        return text
    }

    /// A warning when users other than the owner may read `path`; nil when only they can (or
    /// the file cannot be looked at: reading it says why).
    public static func exposure(of path: String, what: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & (S_IRGRP | S_IROTH) != 0 else { return nil }
        let mode = String(status.st_mode & 0o777, radix: 8)
        return "\(what) \(path) can be read by other users (mode \(mode)): chmod 600 \(path)"
    }
}

public struct SecretFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
