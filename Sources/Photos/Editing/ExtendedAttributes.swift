#if canImport(Glibc)
import Glibc
#endif

/// A file's extended attributes: a file manager's tags and comment (`user.*`), its ACL
/// (`system.posix_acl_access`). A photo rewritten by rename is a new file, so they are copied
/// onto it, or they would be lost with the old one. Swift's Glibc module does not declare the
/// calls (sys/xattr.h), so they are looked up at run time, as renameat2 is.
enum ExtendedAttributes {
    private typealias List = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias PathSet = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias DescriptorSet = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    private static let llistxattr = symbol("llistxattr", as: List.self)
    private static let lgetxattr = symbol("lgetxattr", as: Get.self)
    private static let lsetxattr = symbol("lsetxattr", as: PathSet.self)
    private static let fsetxattr = symbol("fsetxattr", as: DescriptorSet.self)

    /// The names of `path`'s attributes (a last symbolic link not followed); empty when it has
    /// none or the filesystem keeps none.
    static func names(of path: PhotoPath) -> [String] {
        guard let llistxattr else { return [] }
        for _ in 0..<3 {  // the list may grow between asking its size and reading it
            let size = path.withCString { llistxattr($0, nil, 0) }
            guard size > 0 else { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let read = path.withCString { llistxattr($0, &buffer, size) }
            if read < 0 { if errno == ERANGE { continue }; return [] }
            return buffer[..<read].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return []
    }

    /// The value of `name` on `path`, nil when it has none or it cannot be read.
    static func value(_ name: String, of path: PhotoPath) -> [UInt8]? {
        guard let lgetxattr else { return nil }
        for _ in 0..<3 {
            let size = path.withCString { lgetxattr($0, name, nil, 0) }
            guard size >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: size)
            let read = path.withCString { file in buffer.withUnsafeMutableBytes { lgetxattr(file, name, $0.baseAddress, size) } }
            if read < 0 { if errno == ERANGE { continue }; return nil }
            return Array(buffer[..<read])
        }
        return nil
    }

    /// Copies `source`'s attributes onto the open file `fd`. One that cannot be read or set (a
    /// filesystem that keeps none, `trusted.*` for a user) is skipped: the photo is rotated
    /// anyway. `security.*` is left to the kernel, which labels a new file by its own policy.
    static func copy(from source: PhotoPath, to fd: Int32) {
        for name in names(of: source) where !name.hasPrefix("security.") {
            guard let value = value(name, of: source) else { continue }
            set(name, value, on: fd)
        }
    }

    /// Sets `name` on `path`: 0, or the errno.
    @discardableResult
    static func set(_ name: String, _ value: [UInt8], on path: PhotoPath) -> Int32 {
        guard let lsetxattr else { return ENOSYS }
        let done = path.withCString { file in value.withUnsafeBytes { lsetxattr(file, name, $0.baseAddress, $0.count, 0) } }
        return done == 0 ? 0 : errno
    }

    /// Sets `name` on the open file `fd`: 0, or the errno.
    @discardableResult
    static func set(_ name: String, _ value: [UInt8], on fd: Int32) -> Int32 {
        guard let fsetxattr else { return ENOSYS }
        let done = value.withUnsafeBytes { fsetxattr(fd, name, $0.baseAddress, $0.count, 0) }
        return done == 0 ? 0 : errno
    }
}
