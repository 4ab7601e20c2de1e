import Dispatch
import Glibc
import Locking
import Synchronization
import Testing
@testable import Photos
@testable import TestSupport
import Waterfall

/// A latch a job can wait on, so tests control exactly when workers are free — no sleeps.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open() { semaphore.signal() }
    func wait() { semaphore.wait() }
}

/// Collects what the workers did, for assertions.
final class Log: Sendable {
    private let entries = Locked<[Int]>([])
    func append(_ value: Int) { entries.withLock { $0.append(value) } }
    var values: [Int] { entries.withLock { $0 } }
}

/// Counts results as the wake callback reports them, and lets a test wait for the n-th.
final class ResultSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let count = Atomic<Int>(0)
    var callback: @Sendable () -> Void {
        { [self] in
            count.add(1, ordering: .relaxed)
            semaphore.signal()
        }
    }
    var calls: Int { count.load(ordering: .relaxed) }

    /// Waits for `n` more results; the long timeout is only a guard against a hung test.
    func wait(for n: Int) -> Bool {
        for _ in 0..<n where semaphore.wait(timeout: .now() + 30) == .timedOut { return false }
        return true
    }
}

@Suite("Decode scheduler")
struct SchedulerTests {
    /// Submits a job that holds the only worker until the gate opens, and waits until it runs.
    static func occupy(_ scheduler: DecodeScheduler<Int>, key: Int = -1) -> Gate {
        let gate = Gate(), running = Gate()
        scheduler.submit(key: key, generation: 0, priority: -.infinity) {
            running.open()
            gate.wait()
            return key
        }
        running.wait()
        return gate
    }

    static func drainAll(_ scheduler: DecodeScheduler<Int>) -> [DecodeResult<Int>] {
        var all: [DecodeResult<Int>] = []
        while true {
            let batch = scheduler.drain(max: 100)
            if batch.isEmpty { return all }
            all += batch
        }
    }

    @Test("Jobs run nearest-first, and re-prioritising changes the order")
    func priorityOrder() {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 1, onResult: signal.callback)
        defer { scheduler.shutdown() }
        let gate = Self.occupy(scheduler)
        let ran = Log()
        for (key, priority) in [(10, 5.0), (11, 1.0), (12, 3.0), (13, 2.0), (14, 4.0)] {
            scheduler.submit(key: key, generation: 1, priority: priority) { ran.append(key); return key }
        }
        scheduler.reprioritize(key: 14, priority: 0.5)
        scheduler.reprioritize([(key: 10, priority: 1.5)])
        #expect(scheduler.pendingCount == 5)
        gate.open()
        #expect(signal.wait(for: 6))
        #expect(ran.values == [14, 11, 10, 13, 12])
        #expect(Self.drainAll(scheduler).map(\.key) == [-1, 14, 11, 10, 13, 12])
    }

    @Test("The viewer's decode threads run niced, so they lose every contest for a CPU with its frame loop")
    func workersRunNiced() {
        let signal = ResultSignal()
        let own = BackgroundPriority.currentThreadNiceness
        let scheduler = DecodeScheduler<Int>(workers: 2, niceness: 10, onResult: signal.callback)
        defer { scheduler.shutdown() }
        for key in 1...2 {
            scheduler.submit(key: key, generation: 1, priority: 0) { Int(BackgroundPriority.currentThreadNiceness) }
        }
        #expect(signal.wait(for: 2))
        let niceness = Self.drainAll(scheduler).compactMap { try? $0.result.get() }
        #expect(niceness.count == 2 && niceness.allSatisfy { $0 >= 10 }, "decode threads at nice \(niceness)")
        #expect(BackgroundPriority.currentThreadNiceness == own)
    }

    @Test("A cancelled job that has not started never runs")
    func cancelPending() {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 1, onResult: signal.callback)
        defer { scheduler.shutdown() }
        let gate = Self.occupy(scheduler)
        let ran = Log()
        for key in 1...4 {
            scheduler.submit(key: key, generation: 1, priority: Double(key)) { ran.append(key); return key }
        }
        scheduler.cancel(key: 2)
        scheduler.cancel(keys: [3])
        gate.open()
        #expect(signal.wait(for: 3))
        #expect(ran.values == [1, 4])
        #expect(Self.drainAll(scheduler).map(\.key) == [-1, 1, 4])
    }

    @Test("A job cancelled while running has its result dropped")
    func cancelRunning() {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 1, onResult: signal.callback)
        defer { scheduler.shutdown() }
        let gate = Self.occupy(scheduler, key: 7)
        scheduler.cancel(key: 7)
        scheduler.submit(key: 8, generation: 1, priority: 0) { 8 }
        gate.open()
        // One worker: job 8 finishing means job 7 finished before it.
        #expect(signal.wait(for: 1))
        #expect(Self.drainAll(scheduler).map(\.key) == [8])
        #expect(signal.calls == 1)
    }

    @Test("The generation travels with the result; a newer generation supersedes the older job")
    func generations() throws {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 1, onResult: signal.callback)
        defer { scheduler.shutdown() }
        let gate = Self.occupy(scheduler, key: 5)  // generation 0 of tile 5 is running
        scheduler.submit(key: 5, generation: 41, priority: 1) { 41 }
        scheduler.submit(key: 5, generation: 42, priority: 1) { 42 }  // replaces 41, still pending
        #expect(scheduler.pendingCount == 1)
        gate.open()
        #expect(signal.wait(for: 1))
        let results = Self.drainAll(scheduler)
        #expect(results.count == 1)
        #expect(results.first?.key == 5 && results.first?.generation == 42)
        #expect(try results.first?.result.get() == 42)
    }

    @Test("Errors come back as results")
    func errorsTravel() throws {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 2, onResult: signal.callback)
        defer { scheduler.shutdown() }
        scheduler.submit(key: 1, generation: 3, priority: 0) { () throws(DecodeError) -> Int in throw .truncated }
        #expect(signal.wait(for: 1))
        let result = try #require(scheduler.drain(max: 10).first)
        #expect(result.generation == 3)
        #expect(throws: DecodeError.truncated) { try result.result.get() }
    }

    @Test("drain returns at once while every worker is busy, and respects max")
    func drainNeverBlocks() {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 1, onResult: signal.callback)
        defer { scheduler.shutdown() }
        let gate = Self.occupy(scheduler)
        #expect(scheduler.drain(max: 10).isEmpty)  // the worker is stuck; this must not wait
        for key in 0..<5 { scheduler.submit(key: key, generation: 0, priority: Double(key)) { key } }
        gate.open()
        #expect(signal.wait(for: 6))
        #expect(scheduler.drain(max: 2).map(\.key) == [-1, 0])
        #expect(scheduler.drain(max: 0).isEmpty)
        #expect(scheduler.drain(max: 10).map(\.key) == [1, 2, 3, 4])
    }

    @Test("Many workers run every job exactly once")
    func manyWorkers() {
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<Int>(workers: 4, onResult: signal.callback)
        defer { scheduler.shutdown() }
        for key in 0..<200 { scheduler.submit(key: key, generation: 1, priority: Double(key % 7)) { key * 2 } }
        #expect(signal.wait(for: 200))
        let results = Self.drainAll(scheduler)
        #expect(results.map(\.key).sorted() == Array(0..<200))
        #expect(results.allSatisfy { (try? $0.result.get()) == $0.key * 2 })
    }

    @Test("Shutdown drops pending jobs and returns once the workers have stopped")
    func shutdownDropsPending() {
        let scheduler = DecodeScheduler<Int>(workers: 1)
        let gate = Self.occupy(scheduler)
        let ran = Log()
        scheduler.submit(key: 1, generation: 0, priority: 0) { ran.append(1); return 1 }
        // The busy worker is let go only once shutdown has emptied the queue; opening the gate
        // any earlier would let the worker take job 1 before shutdown ran (seen under load).
        DispatchQueue.global().async {
            try? waitUntil("shutdown to empty the queue", every: .milliseconds(1)) { scheduler.pendingCount == 0 }
            gate.open()
        }
        scheduler.shutdown()
        #expect(ran.values.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("Decoding real photos through the scheduler")
    func realDecodes() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "p.jpg", width: 640, height: 480)
        let signal = ResultSignal()
        let scheduler = DecodeScheduler<DecodedImage>(workers: 2, onResult: signal.callback)
        defer { scheduler.shutdown() }
        let loader = TileImageLoader(cache: ThumbnailCache(root: dir.path("thumbnails")))
        for key in 0..<6 {
            scheduler.submit(key: key, generation: UInt64(key), priority: Double(key)) { () throws(DecodeError) in
                try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 640, height: 480), tile: PixelSize(width: 100 + key, height: 100))
            }
        }
        #expect(signal.wait(for: 6))
        var results: [DecodeResult<DecodedImage>] = []
        while case let batch = scheduler.drain(max: 4), !batch.isEmpty { results += batch }
        #expect(results.count == 6)
        for result in results {
            let image = try result.result.get()
            // The tile's size, or up to 10 % less when a thumbnail serves it (the screen
            // stretches that little: see TileImageLoader.upscaleTolerance).
            #expect(image.width <= 100 + result.key && image.height <= 100)
            #expect(Double(image.width) >= 0.9 * Double(100 + result.key) && Double(image.height) >= 90)
            #expect(result.generation == UInt64(result.key))
        }
    }
}
