/// The watcher's timings and limits. Tests turn them to force what a real machine rarely
/// shows: the polling fallback, a short poll interval.
struct WatchTuning: Sendable {
    /// Changes are reported once nothing new arrived for this long…
    var debounce: Duration = .milliseconds(200)
    /// …or this long after the first of them, under a constant stream.
    var patience: Duration = .seconds(1)
    /// How often folders without a watch are listed again, and roots checked.
    var pollInterval: Duration = .seconds(2)
    /// How often folders on a network file system are listed again (never watched).
    var networkPollInterval: Duration = .seconds(20)
    /// How long a look at a network root may take before it counts as not answering.
    var reachLimit: Duration = .seconds(5)
    /// The shares fstab names; nil: read /etc/fstab.
    var shares: NetworkShares?
    /// At most this many inotify watches, as if the kernel's limit were reached there.
    var watchLimit: Int?
    /// Off: no inotify at all, as when inotify_init fails.
    var useInotify = true
}
