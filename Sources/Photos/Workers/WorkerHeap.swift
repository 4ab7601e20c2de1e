#if canImport(Glibc)
import Glibc
#endif

/// The decode worker's memory between photos. Each decode allocates buffers of many megabytes
/// (a 5120×2880 PNG is 59 MB of pixels); glibc maps each of those afresh and unmaps it on free,
/// so every photo paid the kernel for faulting in and zeroing its pages again — about a second
/// of CPU in a render of 80 wallpapers. A busy worker now keeps its freed buffers in its heap
/// for the next photo, and gives them back once no request has come for a while, so a viewer's
/// idle workers hold nothing. (mallopt and malloc_trim are in malloc.h, which Swift's Glibc
/// module leaves out: they are looked up by name.)
enum WorkerHeap {
    /// Without a request for this long, the heap's free pages go back to the system.
    static let idleMilliseconds: Int32 = 1000

    /// Large allocations come from the heap and freed memory stays there: the worker is one
    /// thread, so this is one heap, bounded by the worker's address-space limit.
    static func keepFreedBuffers() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, 1 << 30)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, 1 << 30)  // M_TRIM_THRESHOLD
    }

    /// Waits up to `idleMilliseconds` for the next request on `socket`; if none comes, trims the
    /// heap before the caller blocks for it.
    static func returnAfterIdle(socket: Int32) {
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, idleMilliseconds) == 0 else { return }
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
    }
}
