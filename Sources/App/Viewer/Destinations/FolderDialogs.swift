// "Another folder…" in the move and copy chooser: the desktop's folder dialog (FolderChooser:
// zenity, kdialog), opened where the Pictures folder is. It runs on a thread of its own — a
// person may take a minute to choose, and the wall goes on drawing meanwhile — and what they
// chose comes back to the frame loop through a mailbox and a wake-up, like every other job.

import Control
import Foundation
import Locking
import Photos

final class FolderDialogs: Sendable {
    struct Answer: Sendable {
        let action: FileAction
        let targets: [ActionTarget]
        /// The folder chosen; nil when the dialog was cancelled or could not ask.
        let folder: String?
        /// Why no dialog could ask (none installed, it failed).
        let failure: String?
    }

    private let answers = Locked<[Answer]>([])
    /// One dialog at a time: a second would stack a window the person did not ask for.
    private let open = Locked(false)
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Opens the dialog for `action` on `targets`; false when one is open already.
    func ask(_ action: FileAction, _ targets: [ActionTarget]) -> Bool {
        guard open.withLock({ isOpen in defer { isOpen = true }; return !isOpen }) else { return false }
        Thread.detachNewThread { [self] in
            let environment = ProcessInfo.processInfo.environment
            let answer: Answer
            do {
                let outcome = try FolderChooser.choose(startingIn: PhotoSources.picturesFolder(environment: environment)?.string,
                                                       environment: environment)
                let folder: String? = if case .chosen(let chosen) = outcome { chosen } else { nil }
                answer = Answer(action: action, targets: targets, folder: folder, failure: nil)
            } catch {
                answer = Answer(action: action, targets: targets, folder: nil, failure: "\(error)")
            }
            answers.withLock { $0.append(answer) }
            open.withLock { $0 = false }
            wake()
        }
        return true
    }

    func take() -> [Answer] {
        answers.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}
