/// Where an entry's relative path is. The walk names every file by its folder's path and the
/// relative path below the folder named on the command line, so the relative path is nearly
/// always the tail of the absolute one and needs no buffer of its own.
enum RelativeName: Sendable, Hashable {
    case suffix(Int32)
    case separate(PhotoPath)

    init(_ relative: PhotoPath, in path: PhotoPath) {
        let start = path.bytes.count - relative.bytes.count
        if start >= 0, start <= Int(Int32.max), path.bytes[start...].elementsEqual(relative.bytes) {
            self = .suffix(Int32(start))
        } else {
            self = .separate(relative)
        }
    }

    /// For a file whose relative path is known to be the last `count` bytes of its path: the
    /// walk, which never builds the relative path at all.
    init(lastBytes count: Int, of path: PhotoPath) {
        self = .suffix(Int32(path.bytes.count - count))
    }

    func path(in path: PhotoPath) -> PhotoPath {
        withBytes(in: path) { PhotoPath(bytes: Array($0)) }
    }

    func withBytes<R>(in path: PhotoPath, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch self {
        case .suffix(let start):
            return try path.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[Int(start)...])) }
        case .separate(let relative):
            return try relative.bytes.withUnsafeBufferPointer(body)
        }
    }
}

