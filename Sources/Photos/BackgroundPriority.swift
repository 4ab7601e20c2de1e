#if canImport(Glibc)
import Glibc
#endif

/// Decoding is background work: a photo arriving 20 ms later goes unseen, a frame arriving 20 ms
/// late is a stutter. On a machine with few cores — two here, one on a small kiosk — the decode
/// worker processes would otherwise take turns with the frame loop and the GPU driver's threads
/// (llvmpipe rasterises on the CPU) as equals. Only the worker processes are niced, not the
/// in-process decode threads: a thread's nice value passes to the threads it starts, and with
/// niced decode threads the test suite under ThreadSanitizer stalled for one to three minutes.
/// Those decode threads were taking turns on a Swift runtime lock (see AreaResampler's
/// widenings); a niced thread handed the lock then waited long for the CPU while every other
/// thread waited for it.
public enum BackgroundPriority {
    /// What the viewer's decoders run at: low enough to lose every contest with the frame
    /// loop, not so low that other busy programs starve them.
    public static let viewerDecoders: Int32 = 10

    /// Sets the calling thread's nice value: on Linux the nice value is per thread, and
    /// PRIO_PROCESS with id 0 names the calling thread (threads it starts inherit it). 0 or
    /// less leaves it as it is; a failure only means the decode competes as before.
    public static func lowerCurrentThread(to niceness: Int32) {
        guard niceness > 0 else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(niceness, 19))
    }

    /// The calling thread's nice value.
    public static var currentThreadNiceness: Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
