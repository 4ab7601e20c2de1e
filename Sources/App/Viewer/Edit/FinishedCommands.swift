// `run`'s commands that ended, handed from their threads to the frame loop, which emits their
// events: the loop is the only thread that talks to subscribers in order with everything else.

import Control
import Locking

final class FinishedCommands: Sendable {
    private let outcomes = Locked<[ActionRunner.Outcome]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func add(_ outcome: ActionRunner.Outcome) {
        outcomes.withLock { $0.append(outcome) }
        wake()
    }

    func take() -> [ActionRunner.Outcome] {
        outcomes.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
