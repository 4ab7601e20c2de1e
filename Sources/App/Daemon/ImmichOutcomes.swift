// What the Immich server answered to a favourite or an archive, handed from Swift concurrency's
// threads to the frame loop, which puts it on the screen: a refusal always, a success when a
// key or a finger asked. The person who pressed is looking there, not at the journal.

import Locking

final class ImmichOutcomes: Sendable {
    private let lines = Locked<[String]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func tell(_ line: String) {
        lines.withLock { $0.append(line) }
        wake()
    }

    func take() -> [String] {
        lines.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
