#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation  // Thread
import Locking

/// What a look at a photo folder found.
public enum Reach: Sendable, Equatable {
    /// It answered: a folder (or file) on a file system of this kind, with this identity.
    case answers(MountKind, FileID)
    /// It is not there. `onShare`: its parent is on a network share that answers, so it was
    /// deleted there; otherwise the share it was on may just not be mounted now.
    case missing(onShare: Bool)
    /// It cannot be reached: the mount's error, "no answer in 5 s", or its share not mounted.
    case away(String)
}

/// Looks at one photo folder on a thread of its own, and waits for the answer only so long:
/// a hard NFS mount whose server is gone, or an automount waiting for its server, holds that
/// thread in the kernel for as long as it likes, never the scan's or the watcher's. While
/// a look is stuck, no other is started for the same folder: a hung mount costs one thread.
public final class ReachProbe: Sendable {
    public let path: PhotoPath
    private let shares: NetworkShares
    private let stuck = Locked(false)

    public init(path: PhotoPath, shares: NetworkShares) {
        self.path = path
        self.shares = shares
    }

    /// The folder's answer, or `.away` when it gave none within `limit`.
    public func look(within limit: Duration) -> Reach {
        ask().answer(by: .now() + Self.seconds(limit), limit: limit)
    }

    /// Looks at every one of `paths` at once; their answers in the same order, within `limit` in all.
    public static func look(at paths: [PhotoPath], shares: NetworkShares, within limit: Duration) -> [Reach] {
        let asked = paths.map { ReachProbe(path: $0, shares: shares).ask() }
        let deadline = DispatchTime.now() + seconds(limit)
        return asked.map { $0.answer(by: deadline, limit: limit) }
    }

    /// Those of `arguments` (a scan's, made absolute) that cannot be reached now, with why;
    /// the rest are left to the scan, missing ones too.
    public static func away(among arguments: [PhotoPath], within limit: Duration = .seconds(5),
                            shares: NetworkShares = .read()) -> [PhotoPath: String] {
        let paths = arguments.map { $0.absolute() }
        var away: [PhotoPath: String] = [:]
        for (path, reach) in zip(paths, look(at: paths, shares: shares, within: limit)) {
            if case .away(let why) = reach { away[path] = why }
        }
        return away
    }

    /// A look on its way.
    struct Asked {
        fileprivate let answer: Locked<Reach?>
        fileprivate let done: DispatchSemaphore?

        func answer(by deadline: DispatchTime, limit: Duration) -> Reach {
            guard let done else { return .away("it has not answered since it was last asked") }
            guard done.wait(timeout: deadline) == .success else { return .away("no answer in \(limit)") }
            return answer.withLock { $0 } ?? .away("no answer")
        }
    }

    /// Starts a look on a thread of its own, unless one is stuck already.
    func ask() -> Asked {
        let answer = Locked<Reach?>(nil)
        let started = stuck.withLock { stuck in
            if stuck { return false }
            stuck = true
            return true
        }
        guard started else { return Asked(answer: answer, done: nil) }
        let done = DispatchSemaphore(value: 0)
        let (path, shares, stuck) = (self.path, self.shares, self.stuck)
        let thread = Thread {
            answer.withLock { $0 = Self.reach(path, shares: shares) }
            stuck.withLock { $0 = false }
            done.signal()
        }
        thread.name = "cascade-reach"
        thread.start()
        return Asked(answer: answer, done: done)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The look itself, on the probe's thread.
    static func reach(_ path: PhotoPath, shares: NetworkShares) -> Reach {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else {
            let code = errno
            guard code == ENOENT || code == ENOTDIR else { return .away(String(cString: strerror(code))) }
            if let share = shares.share(holding: path), MountKind.of(share)?.isNetwork != true {
                return .away("its share \(share.string) is not mounted")
            }
            return .missing(onShare: MountKind.of(path.parent)?.isNetwork == true)
        }
        let kind = MountKind.of(path) ?? .local
        // A local folder where fstab puts a share: the mount point, the share not on it.
        if !kind.isNetwork, let share = shares.share(holding: path) {
            return .away("its share \(share.string) is not mounted")
        }
        return .answers(kind, FileID(status))
    }
}
