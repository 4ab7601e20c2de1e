// Is stderr the journal? systemd.exec(5): a service whose stdout/stderr go to the journal gets
// JOURNAL_STREAM="DEVICE:INODE" of that stream. The variable is inherited by children whose stderr
// may be a terminal or a file, so it only counts when it names the very file stderr is.

import Glibc

public enum JournalStream {
    /// The device and inode numbers of `JOURNAL_STREAM` ("DEVICE:INODE", both decimal), or nil.
    public static func parse(_ value: String) -> (device: UInt64, inode: UInt64)? {
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
              let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
        return (device, inode)
    }

    /// True when `fileDescriptor` (stderr by default) is the stream `JOURNAL_STREAM` names.
    public static func isConnected(fileDescriptor: Int32 = STDERR_FILENO, environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"], let named = parse(value) else { return false }
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0 else { return false }
        return UInt64(status.st_dev) == named.device && UInt64(status.st_ino) == named.inode
    }
}
