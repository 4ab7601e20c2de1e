#if canImport(Glibc)
import Glibc
#endif

extension PhotoPath {
    /// This path made absolute against the working directory and cleaned the way GLib's
    /// `g_canonicalize_filename` does it — lexically: "." and empty components dropped, ".."
    /// taking away the component before it, symbolic links left alone. File managers name a
    /// file this way, so the thumbnail URI made from it matches theirs.
    public func absolute() -> PhotoPath {
        if bytes.first == UInt8(ascii: "/") { return PhotoPath(bytes: Self.clean(bytes)) }
        return PhotoPath(bytes: Self.clean(Self.workingDirectory() + [UInt8(ascii: "/")] + bytes))
    }

    /// This path with every link and `.`/`..` resolved by the filesystem (realpath(3)): one name
    /// for one folder, however it was typed. `absolute()` when it cannot be resolved (it is gone).
    public func resolved() -> PhotoPath {
        guard let real = absolute().withCString({ realpath($0, nil) }) else { return absolute() }
        defer { free(real) }
        return PhotoPath(cString: real)
    }

    /// What the path names, as `S_IFMT` bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK`…), a link itself
    /// unless `followingLinks`; nil when nothing is there. stat(2) never blocks, even on a FIFO.
    public func fileType(followingLinks: Bool) -> mode_t? {
        var status = stat()
        let found = withCString { followingLinks ? stat($0, &status) : lstat($0, &status) } == 0
        return found ? status.st_mode & S_IFMT : nil
    }

    /// The bytes of a C string, as the kernel or libc gave them.
    init(cString: UnsafePointer<CChar>) {
        self.init(bytes: Array(UnsafeRawBufferPointer(start: cString, count: strlen(cString))))
    }

    static func workingDirectory() -> [UInt8] {
        guard let cwd = getcwd(nil, 0) else { return [UInt8(ascii: "/")] }
        defer { free(cwd) }
        return PhotoPath(cString: cwd).bytes
    }

    static func clean(_ path: [UInt8]) -> [UInt8] {
        var components: [ArraySlice<UInt8>] = []
        for component in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        var result: [UInt8] = []
        for component in components {
            result.append(UInt8(ascii: "/"))
            result.append(contentsOf: component)
        }
        return result.isEmpty ? [UInt8(ascii: "/")] : result
    }
}
