#if canImport(Glibc)
import Glibc
#endif

/// Pixels handed from a decode worker to cascade through shared memory: the worker writes
/// them into a memfd, seals it against shrinking, growing and writing, and sends the
/// descriptor; cascade checks the seals (so the worker cannot truncate the mapping under it,
/// which would be a SIGBUS) and copies the pixels out of a read-only mapping.
enum SharedPixels {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    // Linux ABI values; Swift's Glibc module leaves out the _GNU_SOURCE declarations.
    private static let addSeals: Int32 = 1033, getSeals: Int32 = 1034
    private static let sealShrink: Int32 = 2, sealGrow: Int32 = 4, sealWrite: Int32 = 8
    private static let memfdCloexec: UInt32 = 1, memfdAllowSealing: UInt32 = 2

    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
    private static let memfdCreate: MemfdCreate? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create")
        .map { unsafeBitCast($0, to: MemfdCreate.self) }

    /// A sealed memfd holding `image`'s pixels (`stride × height` bytes). The caller closes it.
    static func share(_ image: DecodedImage) throws(Failure) -> Int32 {
        guard let memfdCreate else { throw Failure(description: "memfd_create is missing") }
        let fd = memfdCreate("cascade-pixels", memfdCloexec | memfdAllowSealing)
        guard fd >= 0 else { throw Failure(description: "memfd_create: \(String(cString: strerror(errno)))") }
        let count = image.byteCount
        do throws(Failure) {
            guard ftruncate(fd, off_t(count)) == 0 else { throw Failure(description: "ftruncate: \(String(cString: strerror(errno)))") }
            if count > 0 {
                guard let map = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
                    throw Failure(description: "mmap: \(String(cString: strerror(errno)))")
                }
                image.pixels.withUnsafeBytes { map.copyMemory(from: $0.baseAddress!, byteCount: count) }
                munmap(map, count)
            }
            // F_SEAL_WRITE needs every writable mapping gone, hence after munmap.
            guard fcntl(fd, addSeals, sealShrink | sealGrow | sealWrite) == 0 else {
                throw Failure(description: "sealing: \(String(cString: strerror(errno)))")
            }
            return fd
        } catch {
            close(fd)
            throw error
        }
    }

    /// The image in `fd` (which stays the caller's to close), after checking that it is a
    /// sealed memfd at least as large as the geometry says.
    static func take(_ fd: Int32, width: Int, height: Int, stride: Int) throws(Failure) -> DecodedImage {
        let seals = fcntl(fd, getSeals)
        guard seals >= 0, seals & sealShrink != 0 else { throw Failure(description: "pixels not sealed") }
        var status = stat()
        let count = stride * height
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= count else {
            throw Failure(description: "pixels shorter than the image")
        }
        guard count > 0 else { return DecodedImage(width: width, height: height, stride: stride, pixels: []) }
        guard let map = mmap(nil, count, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw Failure(description: "mmap: \(String(cString: strerror(errno)))")
        }
        defer { munmap(map, count) }
        let pixels = [UInt8](UnsafeRawBufferPointer(start: map, count: count))
        return DecodedImage(width: width, height: height, stride: stride, pixels: pixels)
    }
}
