// What the photo-frame mode is asked to do, as the command line and the configuration file said.

import Foundation
import Waterfall
import Kiosk

public struct SlideshowSettings: Sendable, Equatable {
    public enum Order: String, Sendable, CaseIterable {
        /// The wall's own order (by name unless sorted otherwise).
        case name
        /// By when each photo was taken (the file's time where EXIF has none), oldest first.
        case date
        /// A new random order every round, not remembered.
        case random
        /// Every photo once per round, remembered across restarts (FairShuffle).
        case fair
    }

    public enum Transition: String, Sendable, CaseIterable {
        case fade, none
        /// A slow Ken Burns move over the photo, crossfaded; it never crops a portrait's top.
        case pan
    }

    /// What fills the bars beside a photo that leaves some.
    public enum Mat: String, Sendable, CaseIterable {
        /// A blurred, darkened copy of the photo (SlideMat).
        case blur
        /// The background alone.
        case black
    }

    public enum Caption: String, Sendable, CaseIterable {
        case date, folder, name, place, description, clock
    }

    /// Start in the slideshow instead of on the wall.
    public var atStart = false
    public var interval = 10.0
    public var transition = Transition.fade
    public var transitionSeconds = 1.0
    public var mat = Mat.blur
    /// Two portrait photos side by side on a landscape screen.
    public var pairPortraits = true
    public var captions: [Caption] = []
    /// The caption clock's strftime pattern; nil: the locale's 12- or 24-hour time (ClockFormat).
    public var clockFormat: String?
    /// The order asked for (`--slideshow-order`); nil when none was (`order(startingOnPhoto:)`).
    public var order: Order?
    /// nil: a seed drawn at the first start (and then remembered with the round).
    public var seed: UInt64?
    /// Photos taken within this many days come up earlier in a round; nil: no weighting.
    public var favourRecentDays: Double?
    /// Seconds without input on the wall before the slideshow starts by itself; nil: never.
    public var after: Double?

    public init() {}

    /// The order a slideshow runs in: the one asked for; else, started on a photo by someone at
    /// the screen (the wall's cursor, the photo open), the wall's order from that photo, as a
    /// desktop viewer's slideshow goes on from the photo shown; else the photo frame's fair shuffle.
    public func order(startingOnPhoto: Bool) -> Order {
        order ?? (startingOnPhoto ? .name : .fair)
    }

    public var timing: SlideshowTiming {
        SlideshowTiming(interval: interval, transition: transition == .none ? 0 : transitionSeconds)
    }

    /// Why `pattern` cannot be the caption's clock, or nil.
    public static func clockFormatProblem(_ pattern: String) -> String? { ClockFormat.problem(with: pattern) }

    /// "date,folder" → captions, or the word that is none.
    public static func captions(from text: String) -> Result<[Caption], CaptionError> {
        var list: [Caption] = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            guard let caption = Caption(rawValue: word) else { return .failure(CaptionError(word: word)) }
            if !list.contains(caption) { list.append(caption) }
        }
        return .success(list)
    }

    public struct CaptionError: Error, CustomStringConvertible {
        let word: String
        public var description: String {
            "unknown caption \"\(word)\" (captions: \(Caption.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }
}
