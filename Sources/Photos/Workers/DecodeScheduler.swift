import Dispatch
import Foundation
import Locking

/// What comes back from a decode job: the key it was submitted for, the generation it was
/// submitted with (the consumer drops results whose generation is no longer the tile's), and
/// the image or the job's one kind of error.
public struct KeyedDecodeResult<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    public let key: Key
    public let generation: UInt64
    public let result: Result<Value, Failure>

    public init(key: Key, generation: UInt64, result: Result<Value, Failure>) {
        self.key = key; self.generation = generation; self.result = result
    }
}

/// Jobs keyed by a number that fail with a decoder's error: the scheduler as the photo
/// library's own callers use it.
public typealias DecodeScheduler<Value: Sendable> = KeyedDecodeScheduler<Int, Value, DecodeError>
public typealias DecodeResult<Value: Sendable> = KeyedDecodeResult<Int, Value, DecodeError>

/// Runs decode jobs on worker threads, nearest-to-the-viewport first.
///
/// The frame loop submits, re-prioritises and cancels jobs and drains results; none of
/// that waits for a decode: the lock is held only for the few microseconds of a queue
/// edit, never while a job runs. One job per key: submitting a key
/// again replaces its pending job, and supersedes a running one (its result is dropped).
/// A cancelled job never starts if it had not, and its result is dropped if it had.
public final class KeyedDecodeScheduler<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    public typealias Work = @Sendable () throws(Failure) -> Value
    public typealias Finished = KeyedDecodeResult<Key, Value, Failure>

    private let core: SchedulerCore<Key, Value, Failure>
    public let workerCount: Int

    /// - Parameters:
    ///   - workers: threads; one per core by default.
    ///   - niceness: the threads' nice value (BackgroundPriority); 0 leaves it as it is.
    ///   - onResult: called on the worker thread after each result is queued — the app
    ///     pushes an SDL user event from it to wake the frame loop. Must not block.
    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, niceness: Int32 = 0,
                onResult: @escaping @Sendable () -> Void = {}) {
        workerCount = max(1, workers)
        core = SchedulerCore(workers: workerCount, onResult: onResult)
        for index in 0..<workerCount {
            let core = self.core
            let thread = Thread {
                BackgroundPriority.lowerCurrentThread(to: niceness)
                core.runWorker()
            }
            thread.name = "cascade-decode-\(index)"
            thread.start()
        }
    }

    deinit {
        // Workers hold only the core; they finish the job in hand and exit.
        core.stop()
    }

    /// Queues `work` for tile `key`. `priority` is the distance to the viewport: smaller
    /// runs first; equal priorities run in submission order.
    public func submit(key: Key, generation: UInt64, priority: Double, work: @escaping Work) {
        core.submit(key: key, generation: generation, priority: priority, work: work)
    }

    /// Changes the priority of the pending job for `key`, if there is one.
    public func reprioritize(key: Key, priority: Double) {
        core.reprioritize([(key, priority)])
    }

    /// Many priority changes under one lock — the frame loop after a scroll.
    public func reprioritize(_ changes: [(key: Key, priority: Double)]) {
        core.reprioritize(changes.map { ($0.key, $0.priority) })
    }

    /// Drops the job for `key`: pending, running or already finished but not drained.
    public func cancel(key: Key) {
        core.cancel([key])
    }

    public func cancel(keys: [Key]) {
        core.cancel(keys)
    }

    /// Up to `max` results in the order they finished; empty if none are ready. Never waits
    /// for a decode.
    public func drain(max: Int) -> [Finished] {
        core.drain(max: max)
    }

    /// Jobs not started yet.
    public var pendingCount: Int { core.pendingCount }

    /// Stops the workers: pending jobs are dropped, running ones finish, then this returns.
    public func shutdown() {
        core.stop()
        core.stopped.wait()
    }
}

/// The queue and the worker loop, shared by the scheduler and its threads. Sendable
/// because every mutable field is inside the Mutex; the semaphore counts pending jobs.
final class SchedulerCore<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    typealias Finished = KeyedDecodeResult<Key, Value, Failure>

    struct Ticket: Hashable {
        let key: Key
        let generation: UInt64
    }

    struct Job {
        let ticket: Ticket
        var priority: Double
        let order: UInt64
        let work: KeyedDecodeScheduler<Key, Value, Failure>.Work
    }

    struct State {
        var pending: [Key: Job] = [:]
        /// Running jobs whose results are still wanted.
        var live: Set<Ticket> = []
        var results: [Finished] = []
        var nextOrder: UInt64 = 0
        var stopping = false
    }

    enum Next {
        case stop, idle
        case run(Job)
    }

    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let onResult: @Sendable () -> Void
    private let workers: Int
    /// Entered once per worker before its thread starts, left when it exits.
    let stopped = DispatchGroup()

    init(workers: Int, onResult: @escaping @Sendable () -> Void) {
        self.workers = workers
        self.onResult = onResult
        for _ in 0..<workers { stopped.enter() }
    }

    func submit(key: Key, generation: UInt64, priority: Double, work: @escaping KeyedDecodeScheduler<Key, Value, Failure>.Work) {
        let ticket = Ticket(key: key, generation: generation)
        let isNew = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            if state.live.contains(ticket) { return false }  // already running, result to come
            // A newer generation makes any older work for this tile pointless.
            state.live = state.live.filter { $0.key != key }
            state.results.removeAll { $0.key == key && $0.generation != generation }
            let wasPending = state.pending[key] != nil
            state.pending[key] = Job(ticket: ticket, priority: priority, order: state.nextOrder, work: work)
            state.nextOrder += 1
            return !wasPending
        }
        if isNew { wake.signal() }
    }

    func reprioritize(_ changes: [(Key, Double)]) {
        state.withLock { state in
            for (key, priority) in changes { state.pending[key]?.priority = priority }
        }
    }

    func cancel(_ keys: [Key]) {
        let cancelled = Set(keys)
        state.withLock { state in
            for key in keys { state.pending[key] = nil }
            state.live = state.live.filter { !cancelled.contains($0.key) }
            state.results.removeAll { cancelled.contains($0.key) }
        }
    }

    func drain(max: Int) -> [Finished] {
        guard max > 0 else { return [] }
        return state.withLock { state -> [Finished] in
            let count = min(max, state.results.count)
            guard count > 0 else { return [] }
            let taken = Array(state.results.prefix(count))
            state.results.removeFirst(count)
            return taken
        }
    }

    var pendingCount: Int { state.withLock { $0.pending.count } }

    func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.stopping = true
            state.pending.removeAll()
            return true
        }
        // Every worker that waits, or will, finds a signal and sees `stopping`.
        if first { for _ in 0..<workers { wake.signal() } }
    }

    func runWorker() {
        defer { stopped.leave() }
        while true {
            wake.wait()
            let next = state.withLock { state -> Next in
                if state.stopping { return .stop }
                // Linear in the pending jobs (the preload range: hundreds at most), which
                // keeps re-prioritising O(1) per tile.
                guard let best = state.pending.values.min(by: {
                    ($0.priority, $0.order) < ($1.priority, $1.order)
                }) else { return .idle }
                state.pending[best.ticket.key] = nil
                state.live.insert(best.ticket)
                return .run(best)
            }
            switch next {
            case .stop: return
            case .idle: continue
            case .run(let job):
                let result: Result<Value, Failure>
                do throws(Failure) {
                    result = .success(try job.work())
                } catch {
                    result = .failure(error)
                }
                let queued = state.withLock { state -> Bool in
                    guard state.live.remove(job.ticket) != nil else { return false }
                    state.results.append(Finished(key: job.ticket.key, generation: job.ticket.generation,
                                                      result: result))
                    return true
                }
                if queued { onResult() }
            }
        }
    }
}
