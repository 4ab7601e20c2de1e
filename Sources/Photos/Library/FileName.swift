/// A file's name within its folder, as the folder watcher keys what it remembers of each file.
///
/// Names of up to 23 bytes — nearly every camera's and phone's ("IMG_1234.JPG",
/// "IMG_20240612_183011.jpg") — are held inside the value: a watcher of 100,000 photos otherwise
/// holds 100,000 small heap arrays (6 MB) besides its tables. Longer names keep their bytes on
/// the heap. A name has one form only for its length, so equal names are equal values.
struct FileName: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        /// The bytes in order, zero-padded; the last byte is the length.
        case inline(UInt64, UInt64, UInt64)
        case heap([UInt8])
    }

    private static let inlineCapacity = 23
    private let storage: Storage

    init(_ bytes: [UInt8]) {
        guard bytes.count <= Self.inlineCapacity else {
            storage = .heap(bytes)
            return
        }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyBytes(from: bytes)
            raw[Self.inlineCapacity] = UInt8(bytes.count)
        }
        storage = .inline(words.0, words.1, words.2)
    }

    var bytes: [UInt8] {
        switch storage {
        case .inline(let a, let b, let c):
            let words = (a, b, c)
            return withUnsafeBytes(of: words) { raw in Array(raw.prefix(Int(raw[Self.inlineCapacity]))) }
        case .heap(let bytes):
            return bytes
        }
    }
}
