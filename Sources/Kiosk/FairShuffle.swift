// The photo frame's shuffle, as its owners ask for it: every photo once before any again (a
// "round"), each round a fresh order whose first photo is not the one the last round ended on,
// photos that arrive mid-round joining it at a random place still ahead, and ones removed leaving
// it. Optionally weighted — recent photos early in a round, picframe's age-weighted mode — still
// without a repeat inside the round. Pure and seeded: the same seed and history give the same
// order, which tests and a restart (the state is saved as it is) rely on.

import Foundation  // pow
import Waterfall

public struct FairShuffle<Photo: Hashable & Sendable>: Sendable, Equatable {
    /// This round's photos, in the order they are shown.
    public private(set) var round: [Photo]
    /// The place in `round` of the photo on screen; -1 before the first.
    public private(set) var position: Int
    /// Counts rounds from 1; with the seed it makes each round's order.
    public private(set) var roundNumber: Int
    public let seed: UInt64

    /// A first round over `photos`.
    public init(photos: [Photo], seed: UInt64, weights: [Photo: Double] = [:]) {
        self.seed = seed
        round = []
        position = -1
        roundNumber = 0
        beginRound(photos, weights: weights, after: nil)
    }

    /// Rounds are counted to here and then from 1 again. A frame showing a photo a second from a
    /// library of one would take 68 years to get here; a larger count can only be damage, and
    /// counting on from `Int.max` would trap at every start.
    public static var lastRound: Int { Int(Int32.max) }

    /// A state made from this one's parts: the position kept inside the round, the round number
    /// inside 1…`lastRound`.
    public init(round: [Photo], position: Int, roundNumber: Int, seed: UInt64) {
        self.round = round
        self.position = min(max(position, -1), round.count - 1)
        self.roundNumber = min(max(roundNumber, 1), Self.lastRound)
        self.seed = seed
    }

    /// What makes a saved state unusable. The state comes from a file another program (or a
    /// failing disk) may have changed, so it is checked, never trusted or quietly mended: a
    /// round holding a photo twice would carry the repeat into every later round.
    public enum Damage: Error, Equatable, CustomStringConvertible {
        case roundNumber(Int)
        case position(Int, roundSize: Int)
        case repeatedPhotos(Int)

        public var description: String {
            switch self {
            case .roundNumber(let n): "round number \(n) is outside 1…\(FairShuffle.lastRound)"
            case .position(let p, let size): "position \(p) is outside a round of \(size) photos"
            case .repeatedPhotos(let n): "\(n) photos appear more than once in the round"
            }
        }
    }

    /// A saved state as `round`, `position`, `roundNumber` and `seed` gave it, checked: the
    /// round number in 1…`lastRound`, the position -1 (before the first) or inside the round,
    /// and no photo in it twice.
    public init(saved round: [Photo], position: Int, roundNumber: Int, seed: UInt64) throws(Damage) {
        guard (1...Self.lastRound).contains(roundNumber) else { throw .roundNumber(roundNumber) }
        guard (-1..<round.count).contains(position) else { throw .position(position, roundSize: round.count) }
        let distinct = Set(round).count
        guard distinct == round.count else { throw .repeatedPhotos(round.count - distinct) }
        self.init(round: round, position: position, roundNumber: roundNumber, seed: seed)
    }

    /// The number the round after this one gets.
    public var followingRoundNumber: Int { roundNumber >= Self.lastRound ? 1 : roundNumber + 1 }

    public var current: Photo? { round.indices.contains(position) ? round[position] : nil }

    /// The next photo; at the round's end, the first of a new round over the same photos.
    public mutating func next(weights: [Photo: Double] = [:]) -> Photo? {
        guard !round.isEmpty else { return nil }
        if position + 1 < round.count {
            position += 1
        } else {
            beginRound(round, weights: weights, after: round.last)
            position = 0
        }
        return current
    }

    /// The photo before; at the round's start it stays there (the last round is gone).
    public mutating func previous() -> Photo? {
        if position > 0 { position -= 1 }
        return current
    }

    /// Gives back the last `count` photos taken but never shown (a slide decoded ahead and then
    /// dropped), to before the round's first if need be; false, and nothing moved, past that.
    public mutating func unstep(_ count: Int) -> Bool {
        guard count >= 0, position - count >= -1 else { return false }
        position -= count
        return true
    }

    /// Moves a photo still ahead in the round to right after the one on screen (a portrait's
    /// partner); false if it is not ahead.
    @discardableResult
    public mutating func moveUp(_ photo: Photo) -> Bool {
        guard let at = round.firstIndex(of: photo), at > position else { return false }
        round.remove(at: at)
        round.insert(photo, at: position + 1)
        return true
    }

    /// Makes the round hold exactly `photos`: those gone leave it, new ones join at random
    /// places after the one on screen.
    public mutating func update(to photos: [Photo]) {
        let wanted = Set(photos)
        var kept: [Photo] = []
        var newPosition = -1
        for (i, photo) in round.enumerated() {
            // A removed photo on screen: the next step goes on from where it stood.
            if i == position { newPosition = wanted.contains(photo) ? kept.count : kept.count - 1 }
            if wanted.contains(photo) { kept.append(photo) }
        }
        let present = Set(kept)
        var generator = SeededGenerator(seed: mix(seed, UInt64(roundNumber), UInt64(kept.count)))
        for photo in photos where !present.contains(photo) {
            let place = Int.random(in: (newPosition + 1)...kept.count, using: &generator)
            kept.insert(photo, at: place)
        }
        round = kept
        position = newPosition
    }

    private mutating func beginRound(_ photos: [Photo], weights: [Photo: Double], after last: Photo?) {
        roundNumber = followingRoundNumber
        var generator = SeededGenerator(seed: mix(seed, UInt64(roundNumber), 0))
        var order: [Photo]
        if weights.isEmpty {
            order = photos.shuffled(using: &generator)
        } else {
            // Efraimidis–Spirakis: each photo's key is u^(1/w); sorting by it is a weighted draw
            // without replacement, so heavier photos come early but each comes once.
            let keyed = photos.map { photo -> (Photo, Double) in
                let w = max(weights[photo] ?? 1, 1e-6)
                let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
                return (photo, pow(u, 1 / w))
            }
            order = keyed.sorted { $0.1 > $1.1 }.map(\.0)
        }
        // Not the same photo twice in a row across the rounds' seam.
        if let last, order.count > 1, order[0] == last {
            let other = Int.random(in: 1..<order.count, using: &generator)
            order.swapAt(0, other)
        }
        round = order
        position = -1
    }

    private func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
        var g = SeededGenerator(seed: a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (c &* 0xC2B2_AE3D_27D4_EB4F))
        return g.next()
    }
}
