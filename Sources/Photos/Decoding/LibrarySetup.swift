import Glibc

/// One-time, process-wide settings of the C decoders. Swift runs a global's initialiser
/// exactly once and makes concurrent first callers wait, so every decode path can call
/// `ensure()` cheaply. Call it from the main thread before starting workers, because
/// setenv must not race with getenv in other threads.
enum LibrarySetup {
    /// libjpeg keeps the whole coefficient array of a progressive JPEG in memory, even when
    /// decoding at 1/8: a small file claiming 65535×65535 would ask for gigabytes. JPEGMEM
    /// caps those arrays (libjpeg-turbo has no backing store, so going over is an error the
    /// decoder reports as too many pixels). A value already in the environment wins.
    static let jpegMemoryLimit = "1024M"

    private static let done: Bool = {
        setenv("JPEGMEM", jpegMemoryLimit, 0)
        return true
    }()

    static func ensure() { _ = done }
}
