// Whether destination folders are folders, looked at off the frame loop: a folder on a network
// share that stops answering holds a stat(2) in the kernel for as long as the share likes. Each
// look runs on a thread of its own and is waited for only so long; one that gets no answer holds
// its thread, never the loop's, until the share answers.

import Dispatch
import Foundation  // Thread
import Glibc
import Locking
import Photos

enum FolderLooks {
    enum Answer: Sendable, Equatable {
        case folder
        case notAFolder
        /// No answer within the time given: a share away or hung.
        case noAnswer
    }

    /// The answer for each of `folders`, in their order, within `limit` in all.
    static func look(at folders: [PhotoPath], within limit: Duration) -> [Answer] {
        let asked = folders.map { folder in
            let answer = Locked<Answer?>(nil)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                let isFolder = folder.fileType(followingLinks: true) == S_IFDIR
                answer.withLock { $0 = isFolder ? .folder : .notAFolder }
                done.signal()
            }
            thread.name = "cascade-folder-look"
            thread.start()
            return (answer, done)
        }
        let (seconds, attoseconds) = limit.components
        let deadline = DispatchTime.now() + Double(seconds) + Double(attoseconds) / 1e18
        return asked.map { answer, done in
            done.wait(timeout: deadline) == .success ? answer.withLock { $0 } ?? .noAnswer : .noAnswer
        }
    }
}
