// A value guarded by a lock, with the interface of the standard library's `Mutex`.
//
// Why not `Synchronization.Mutex`: on Linux it waits on a futex inside the toolchain's
// uninstrumented libswiftSynchronization, so ThreadSanitizer sees no order between two
// `withLock` bodies and reports every guarded value as a race; suppressing those reports hid
// real one-sided races with them. NIO's lock is a pthread mutex, which ThreadSanitizer
// understands, so a race on a guarded value is reported only when there is one.

import NIOConcurrencyHelpers

public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NIOLock()
    private var value: Value

    public init(_ initialValue: consuming sending Value) {
        value = initialValue
    }

    /// Runs `body` with the value, no other thread's body running meanwhile. As with `Mutex`,
    /// what goes in and out is `sending`: nothing non-Sendable escapes the lock by it.
    public func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
