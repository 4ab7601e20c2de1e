import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls Swift's Glibc module does not declare (they need _GNU_SOURCE), looked up at run time.
enum GNUCalls {
    static let cloneNewNamespace: Int32 = 0x0002_0000  // CLONE_NEWNS

    /// unshare(2): 0, or -1 and errno.
    static func unshare(_ flags: Int32) -> Int32 {
        typealias Call = @convention(c) (Int32) -> Int32
        return unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare"), to: Call.self)(flags)
    }

    /// setns(2): the calling thread into the namespace `fd` names; 0, or -1 and errno.
    static func setns(_ fd: Int32, _ type: Int32) -> Int32 {
        typealias Call = @convention(c) (Int32, Int32) -> Int32
        return unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setns"), to: Call.self)(fd, type)
    }

    /// setfsuid(2) for the calling thread only; the previous filesystem uid.
    static func setfsuid(_ uid: uid_t) -> Int32 {
        typealias Call = @convention(c) (uid_t) -> Int32
        return unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid"), to: Call.self)(uid)
    }
}
