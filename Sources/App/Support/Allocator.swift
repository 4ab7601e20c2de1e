#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator, tuned for a process that runs for months. (mallopt and malloc_trim are
/// in malloc.h, which Swift's Glibc module leaves out: they are looked up by name.)
enum Allocator {
    /// Decoded photos are large, short-lived buffers. glibc keeps freed ones in its heaps, one
    /// arena per thread, so a kiosk's resident memory would ratchet up over days (docs/reliability.md,
    /// "Memory over a long run"). Above 128 KiB they are mapped and returned to the system on free;
    /// two arenas are plenty for a frame loop and a few workers.
    static func tuneForLongRuns() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, 128 << 10)  // M_MMAP_THRESHOLD
        _ = mallopt(-8, 2)          // M_ARENA_MAX
    }

    /// Gives the free pages inside the heaps back to the system. glibc only ever shrinks a heap
    /// from its top, so the small allocations a scan of 100,000 paths leaves freed in the middle
    /// stay resident without this (13 MB after such a scan). False when this C library has no
    /// malloc_trim (not glibc).
    @discardableResult
    static func returnFreePages() -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return false }
        let trim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = trim(0)
        return true
    }
}

/// When the frame loop gives freed memory back: as it goes to sleep, at most every
/// `interval` seconds and only if it worked since — an idle kiosk costs nothing, a busy one a
/// trim (a few milliseconds) per half minute, never in the middle of a glide.
struct HeapTrim {
    let interval: Double
    private var last: Double
    private var worked = false
    private var soon = false

    init(interval: Double = 30, now: Double) {
        self.interval = interval
        last = now
    }

    /// Frames were drawn or work was taken in.
    mutating func noteWork() { worked = true }

    /// A large release just happened (a scan replaced the wall): trim at the next rest.
    mutating func noteRelease() { worked = true; soon = true }

    /// Whether to trim now, as the loop goes to sleep; counts the trim when it says yes.
    mutating func dueAtRest(now: Double) -> Bool {
        guard worked, soon || now - last >= interval else { return false }
        last = now
        worked = false
        soon = false
        return true
    }
}
