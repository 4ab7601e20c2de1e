import Foundation
import Locking

/// The one thread that starts a pool's workers. A worker asks the kernel for SIGKILL when its
/// parent dies (PR_SET_PDEATHSIG) — and "parent" means the *thread* that spawned it. Spawned from
/// a decode thread or a GCD thread that later exits, a worker would be killed mid-decode and its
/// file wrongly blamed; spawned from here, workers die exactly when the pool stops this thread
/// or cascade exits.
final class SpawnThread: Sendable {
    private final class Jobs: Sendable {
        let state = Locked<(queue: [@Sendable () -> Void], stopping: Bool)>(([], false))
        /// One signal per queued job, plus one from stop().
        let ready = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)

        func loop() {
            while true {
                ready.wait()
                let job = state.withLock { state -> (@Sendable () -> Void)? in
                    state.queue.isEmpty ? nil : state.queue.removeFirst()
                }
                guard let job else { break }  // stop()'s signal, found with nothing queued
                job()
            }
            finished.signal()
        }
    }

    private let jobs = Jobs()

    init(name: String) {
        let thread = Thread { [jobs] in jobs.loop() }
        thread.name = name
        thread.start()
    }

    /// Runs `body` on the spawn thread and returns its result; nil once stopped.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let result = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let accepted = jobs.state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.queue.append {
                result.value.withLock { $0 = body() }
                done.signal()
            }
            return true
        }
        guard accepted else { return nil }
        jobs.ready.signal()
        done.wait()
        return result.value.withLock { $0 }
    }

    /// Lets queued jobs finish, then ends the thread (and with it every worker it spawned).
    func stop() {
        let first = jobs.state.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        jobs.ready.signal()
        jobs.finished.wait()
    }

    private final class Box<T: Sendable>: Sendable {
        let value = Locked<T?>(nil)
    }
}
