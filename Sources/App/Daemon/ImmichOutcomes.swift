// What the Immich server answered to a favourite or an archive, handed from Swift concurrency's
// threads to the frame loop, which puts a refusal on the screen: the person who pressed the key
// is looking there, not at the journal.

import Locking

final class ImmichOutcomes: Sendable {
    private let refusals = Locked<[String]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func refused(_ line: String) {
        refusals.withLock { $0.append(line) }
        wake()
    }

    func take() -> [String] {
        refusals.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
