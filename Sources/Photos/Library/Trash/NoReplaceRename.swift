#if canImport(Glibc)
import Glibc
#endif

/// rename(2) that never replaces what is at the destination: a name picked in the trash could
/// be taken by a stray file without a `.trashinfo`, and a restored photo must not overwrite one
/// made at its old path since.
enum NoReplaceRename {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's renameat2, looked up at run time: Swift's Glibc module does not declare it.
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    private static let noReplace: UInt32 = 1  // RENAME_NOREPLACE

    /// 0 when moved, else the errno: EEXIST when something is at `to`.
    static func move(_ from: PhotoPath, to: PhotoPath) -> Int32 {
        if let renameat2 {
            let done = from.withCString { old in to.withCString { renameat2(AT_FDCWD, old, AT_FDCWD, $0, noReplace) } }
            if done == 0 { return 0 }
            let code = errno
            // A filesystem without RENAME_NOREPLACE answers EINVAL: check, then rename.
            guard code == EINVAL || code == ENOSYS else { return code }
        }
        if to.fileType(followingLinks: false) != nil { return EEXIST }
        return from.withCString { old in to.withCString { rename(old, $0) } } == 0 ? 0 : errno
    }
}
