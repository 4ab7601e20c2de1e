#if canImport(Glibc)
import Glibc
#endif
import Logging
import Synchronization

/// Decoding is background work: a photo arriving a little later goes unseen, a frame arriving
/// late is a stutter. On a machine with few cores the decoders would otherwise take turns with
/// the frame loop and the GPU driver's threads (llvmpipe rasterises on the CPU) as equals, so
/// the viewer nices both its worker processes and its in-process decode threads (BENCHMARKS.md,
/// "Frames held to the refresh, decoders niced").
public enum BackgroundPriority {
    /// What the viewer's decoders run at: low enough to lose every contest with the frame
    /// loop, not so low that other busy programs starve them.
    public static let viewerDecoders: Int32 = 10

    /// Sets the calling thread's nice value: on Linux the nice value is per thread, and
    /// PRIO_PROCESS with id 0 names the calling thread (threads it starts inherit it). 0 or
    /// less leaves it as it is. A failure means the decodes compete with the frame loop as
    /// equals; it is said once per process (a seccomp filter without `setpriority` — systemd's
    /// `~@resources` — makes it fail with EPERM), never silently. Returns whether it worked.
    @discardableResult
    public static func lowerCurrentThread(to niceness: Int32,
                                          report: (String) -> Void = { Logger(label: "cascade.decode").warning("\($0)") }) -> Bool {
        guard niceness > 0 else { return true }
        let wanted = min(niceness, 19)
        guard setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, wanted) != 0 else { return true }
        let reason = String(cString: strerror(errno))
        if failureReported.exchange(true, ordering: .relaxed) == false {
            report("cannot lower the decoders' priority to nice \(wanted) (setpriority: \(reason)): decoding competes with the frame loop")
        }
        return false
    }

    private static let failureReported = Atomic<Bool>(false)

    /// The calling thread's nice value.
    public static var currentThreadNiceness: Int32 {
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
