#if canImport(Glibc)
import Glibc
#endif

/// Waits until `condition` holds, checking every 20 ms for up to `seconds`; whether it did.
/// Tests wait generously and never assert how long anything took.
public func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
