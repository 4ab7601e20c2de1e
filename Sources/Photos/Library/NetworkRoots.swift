import Logging

/// The watcher's roots that live on other machines, and whether they answer. A root that
/// stops answering (its server asleep, the network down, its share unmounted) keeps its
/// photos, with one log line, until it answers again: that is not a folder deleted. Roots the
/// scan could not reach are here from the start, with the files the wall kept for them from
/// the photo index; when they answer, those files that are gone are told as removed.
///
/// Each look goes through a `ReachProbe`, so a mount that hangs holds a thread of its own,
/// never the watcher's. Lives on the watcher's thread.
final class NetworkRoots {
    /// What a look at a root decided.
    enum Verdict {
        /// It answers, with this identity.
        case answers(FileID)
        /// Deleted on a share that answers: let go, as a local folder would be.
        case gone
        /// It cannot be reached now: keep what it had.
        case away
    }

    private let tuning: WatchTuning
    private let log: Logger
    private let shares: NetworkShares
    private var probes: [Int: ReachProbe] = [:]
    private var unreachable: Set<Int>
    /// Per root the scan could not reach: the files the wall kept for it.
    private var remembered: [Int: [WatchedFile]]
    private var nextLook = ContinuousClock.now

    init(away: [Int: [WatchedFile]], tuning: WatchTuning, log: Logger) {
        self.tuning = tuning
        self.log = log
        shares = tuning.shares ?? NetworkShares.read()
        unreachable = Set(away.keys)
        remembered = away
    }

    /// Whether network roots are due for a look; when they are, the next look is an interval on.
    func takeTurn() -> Bool {
        guard ContinuousClock.now >= nextLook else { return false }
        nextLook = ContinuousClock.now + tuning.networkPollInterval
        return true
    }

    func isUnreachable(_ index: Int) -> Bool { unreachable.contains(index) }

    /// Root `index` could not be reached when the scan ran, and has not been since.
    func wasAwayFromStart(_ index: Int) -> Bool { remembered[index] != nil }

    /// Looks at root `index`, at `folder`, and says once when it stops or starts answering.
    /// `onNetwork`: followed on a network file system until now, so a local folder there is
    /// its share unmounted. A folder missing where no share answers is away, not deleted: the
    /// mount point of a share that is not mounted may be missing too.
    func look(_ index: Int, at folder: PhotoPath, onNetwork: Bool) -> Verdict {
        let probe = probes[index] ?? ReachProbe(path: folder, shares: shares)
        probes[index] = probe
        let verdict: Verdict
        var why = ""
        switch probe.look(within: tuning.reachLimit) {
        case .answers(let kind, let id):
            if onNetwork, !kind.isNetwork {
                verdict = .away
                why = "its share is not mounted"
            } else {
                verdict = .answers(id)
            }
        case .missing(let onShare):
            verdict = onShare ? .gone : .away
            why = "its share is not mounted"
        case .away(let reason):
            verdict = .away
            why = reason
        }
        if case .away = verdict {
            if unreachable.insert(index).inserted {
                log.warning("photo folder \(folder.string) cannot be reached (\(why)): showing the photos it had, and looking again every \(tuning.networkPollInterval)")
            }
        } else if unreachable.remove(index) != nil {
            log.notice("photo folder \(folder.string) can be reached again")
        }
        return verdict
    }

    /// The files the wall kept for root `index` while it was away from the start, which are
    /// not among `present`: gone from the folder while it could not be seen. Asked once.
    func forgotten(_ index: Int, present: Set<WatchedFile>) -> [WatchedFile] {
        guard let kept = remembered.removeValue(forKey: index) else { return [] }
        return kept.filter { !present.contains($0) }
    }
}
