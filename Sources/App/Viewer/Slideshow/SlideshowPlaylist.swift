// Which photo the slideshow shows next, in the order asked for. The fair order's round is saved in
// the photo index at every step, so a restart, a power cut or a reload resumes with the next
// photo not yet shown in the round; the other orders start over.

import Foundation
import Logging
import Photos
import Waterfall
import Kiosk

@MainActor
final class SlideshowPlaylist {
    private let settings: SlideshowSettings
    private let order: SlideshowSettings.Order
    private var shuffle: FairShuffle<PhotoPath>
    private var byPath: [PhotoPath: PhotoEntry] = [:]
    private let index: PhotoIndex?
    private let key: [UInt8]
    private let log: Logger
    /// The calendar `--favour-recent` reckons ages by.
    private let clock: any SceneClock
    /// The round as last saved whole; steps inside it save only the place.
    private var savedRound: FairShuffle<PhotoPath>?

    /// `roots`: the folders shown, which name the saved round; `indexFile`: where it is saved.
    /// `start`: the photo it was started on, shown first in the name and date orders.
    init(entries: [PhotoEntry], settings: SlideshowSettings, start: PhotoPath? = nil, roots: [PhotoPath], indexFile: PhotoPath?,
         log: Logger, clock: any SceneClock = SystemClock()) {
        self.settings = settings
        let order = settings.order(startingOnPhoto: start != nil)
        self.order = order
        self.clock = clock
        self.log = log
        // The folders as they really are, so `ph`, `./ph` and `/home/ann/ph` (or a link to it)
        // are one round, and two folders both typed `ph` from different places are two. Not
        // keyed on the device too: removable and network disks get other numbers when mounted
        // again, which would lose the place; another disk at the same path is handled by the
        // round's update to the photos that are there.
        let prefix = Array("slideshow|\(order.rawValue)".utf8)
        key = prefix + roots.flatMap { [0] + $0.resolved().bytes }
        // Where a round was saved under the folders as typed, it is taken up once and saved anew.
        let typedKey = prefix + roots.flatMap { [0] + $0.bytes }
        var opened: PhotoIndex?
        if order == .fair, let indexFile {
            do { opened = try PhotoIndex(file: indexFile, log: log) } catch { log.warning("the slideshow's place will not be remembered: \(error)") }
        }
        index = opened
        if let opened, opened.isReadOnly {
            log.warning("the slideshow's place is read from \(opened.file.string) but cannot be saved there: it cannot be written")
        }
        let paths = Self.ordered(entries, order).map(\.path)
        let seed = settings.seed ?? UInt64.random(in: 0...UInt64.max)
        var saved: FairShuffle<PhotoPath>?
        do {
            saved = try opened?.shuffle(for: key)
            if saved == nil, typedKey != key { saved = try opened?.shuffle(for: typedKey) }
        } catch {
            log.warning(error.isDamage ? "\(error)" : "the slideshow's saved place cannot be read: \(error)")
        }
        if var saved, settings.seed == nil || saved.seed == settings.seed {
            saved.update(to: paths)
            shuffle = saved
            log.info("slideshow resumes round \(saved.roundNumber) at \(saved.position + 1) of \(saved.round.count)")
        } else if order == .fair || order == .random {
            shuffle = FairShuffle(photos: paths, seed: seed)
        } else {
            // Name and date: one fixed "round" in that order, started over at its end; the first
            // time through from the photo it was started on.
            let first = start.flatMap { paths.firstIndex(of: $0) } ?? 0
            shuffle = FairShuffle(round: paths, position: first - 1, roundNumber: 1, seed: seed)
        }
        for entry in entries { byPath[entry.path] = entry }
    }

    var current: PhotoEntry? { shuffle.current.flatMap { byPath[$0] } }
    var roundSize: Int { shuffle.round.count }
    var position: Int { shuffle.position }
    var roundNumber: Int { shuffle.roundNumber }
    /// The order it runs in, as asked or as chosen for how it was started.
    var runsIn: SlideshowSettings.Order { order }

    /// The next photo, and for a portrait on a landscape screen its partner. Not saved: the
    /// slide is decoded ahead and counts as shown only when it is (`save(ahead:)`).
    func next(pairing: Bool) -> [PhotoEntry] {
        if order == .name || order == .date, shuffle.position + 1 >= shuffle.round.count {
            shuffle = FairShuffle(round: shuffle.round, position: -1, roundNumber: shuffle.followingRoundNumber, seed: shuffle.seed)
        }
        guard let first = shuffle.next(weights: weights()).flatMap({ byPath[$0] }) else { return [] }
        var slide = [first]
        if pairing, Self.isPortrait(first), let partner = partner(for: first) {
            shuffle.moveUp(partner.path)
            _ = shuffle.next()
            slide.append(partner)
        }
        return slide
    }

    /// Steps back `count` photos to one shown before; false (and nothing moved) at the round's start.
    func back(_ count: Int) -> Bool {
        guard shuffle.position - count >= 0 else { return false }
        for _ in 0..<count { _ = shuffle.previous() }
        return true
    }

    /// Gives back photos taken for a slide that was dropped before it showed.
    func unstep(_ count: Int) { _ = shuffle.unstep(count) }

    /// The library changed: arrivals join the round ahead, removed photos leave it.
    /// In the name and date orders the round is that order again, going on from the photo shown
    /// (or from its place, if it went).
    func update(_ entries: [PhotoEntry]) {
        byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let paths = Self.ordered(entries, order).map(\.path)
        guard order == .name || order == .date else { return shuffle.update(to: paths) }
        let place = shuffle.current.flatMap { paths.firstIndex(of: $0) } ?? min(shuffle.position, paths.count) - 1
        shuffle = FairShuffle(round: paths, position: place, roundNumber: shuffle.roundNumber, seed: shuffle.seed)
    }

    /// Taller than wide as shown (after its EXIF rotation), by a margin: a square is no portrait.
    static func isPortrait(_ entry: PhotoEntry) -> Bool {
        let size = WallPlan.displayedSize(entry)
        return entry.info != nil && size.width < size.height * 0.95
    }

    /// The portrait ahead in the round nearest in time to `photo` (among the next few, so a
    /// pair does not pull a photo from the round's far end every time).
    private func partner(for photo: PhotoEntry) -> PhotoEntry? {
        let ahead = shuffle.round.dropFirst(shuffle.position + 1).prefix(40).compactMap { byPath[$0] }.filter(Self.isPortrait)
        return ahead.min { abs($0.mtime.seconds - photo.mtime.seconds) < abs($1.mtime.seconds - photo.mtime.seconds) }
    }

    /// Age weights for `--favour-recent`: within the window a photo weighs up to 4, beyond it 1.
    private func weights() -> [PhotoPath: Double] {
        guard let days = settings.favourRecentDays else { return [:] }
        let now = clock.date.timeIntervalSince1970, window = days * 86_400
        return byPath.mapValues { entry in
            let age = max(0, now - Double(entry.mtime.seconds))
            return age < window ? 1 + 3 * (1 - age / window) : 1
        }
    }

    /// Saves the round with the photo on screen as the last shown: `ahead` photos already taken
    /// for the slide decoded next do not count. Once a slide, one small transaction in WAL mode
    /// (no fsync on commit): the place alone while the round is the one saved, the whole round
    /// when it changed.
    func save(ahead: Int) {
        guard let index, !index.isReadOnly else { return }
        let shown = FairShuffle(round: shuffle.round, position: shuffle.position - ahead, roundNumber: shuffle.roundNumber, seed: shuffle.seed)
        do {
            if let saved = savedRound, saved.round == shown.round, saved.roundNumber == shown.roundNumber,
               try index.savePosition(shown.position, for: key) {
                return
            }
            try index.save(shown, for: key)
            savedRound = shown
        } catch {
            log.warning("the slideshow's place was not saved: \(error)")
        }
    }

    private static func ordered(_ entries: [PhotoEntry], _ order: SlideshowSettings.Order) -> [PhotoEntry] {
        switch order {
        case .date: entries.sorted { ($0.mtime, $0.path) < ($1.mtime, $1.path) }
        case .name, .random, .fair: entries
        }
    }
}
