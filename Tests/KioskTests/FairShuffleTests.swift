import Testing
import Waterfall
import Kiosk

@Suite("fair shuffle")
struct FairShuffleTests {
    let photos = (0..<25).map { "p\($0)" }

    @Test("every photo once per round, rounds differ, no photo twice across a seam")
    func roundsAreFair() {
        var shuffle = FairShuffle<String>(photos: photos, seed: 7)
        var last: String?
        var orders: [[String]] = []
        for _ in 0..<6 {
            var seen: [String] = []
            for _ in photos {
                let photo = shuffle.next()!
                if seen.isEmpty, let last { #expect(photo != last) }
                seen.append(photo)
            }
            #expect(seen.sorted() == photos.sorted())
            last = seen.last
            orders.append(seen)
        }
        #expect(Set(orders).count == orders.count)
        #expect(shuffle.roundNumber == 6)
    }

    @Test("the same seed gives the same order; a saved state goes on as the original")
    func reproducibleAndResumable() {
        var a = FairShuffle<String>(photos: photos, seed: 3), b = FairShuffle<String>(photos: photos, seed: 3)
        for _ in 0..<40 { #expect(a.next() == b.next()) }
        var resumed = FairShuffle<String>(round: a.round, position: a.position, roundNumber: a.roundNumber, seed: a.seed)
        for _ in 0..<40 { #expect(resumed.next() == a.next()) }
    }

    @Test("arrivals join the round ahead; removed photos leave it")
    func arrivalsAndRemovals() {
        var shuffle = FairShuffle<String>(photos: photos, seed: 11)
        var seen = (0..<10).map { _ in shuffle.next()! }
        let gone = shuffle.round[15], onScreen = shuffle.current!
        shuffle.update(to: photos.filter { $0 != gone } + ["new1", "new2"])
        #expect(shuffle.current == onScreen)
        while seen.count < photos.count + 1 { seen.append(shuffle.next()!) }
        #expect(Set(seen) == Set(photos.filter { $0 != gone } + ["new1", "new2"]))
        #expect(seen.count == Set(seen).count)
        // The photo on screen removed: the next one is the one after it.
        var other = FairShuffle<String>(photos: photos, seed: 5)
        _ = other.next(); _ = other.next()
        let after = other.round[2]
        other.update(to: photos.filter { $0 != other.current })
        #expect(other.next() == after)
    }

    @Test("weights bring heavy photos early in the round, still once each")
    func weighted() {
        let weights = Dictionary(uniqueKeysWithValues: photos.map { ($0, $0 < "p2" ? 50.0 : 1.0) })
        var early = 0, rounds = 40
        var shuffle = FairShuffle<String>(photos: photos, seed: 1, weights: weights)
        for _ in 0..<rounds {
            var seen: [String] = []
            for _ in photos { seen.append(shuffle.next(weights: weights)!) }
            #expect(Set(seen).count == photos.count)
            early += seen.prefix(5).filter { $0 < "p2" }.count
        }
        // p0, p1 and p10…p19 are heavy: 12 of 25; unweighted they would fill ~2.4 of the first 5.
        #expect(Double(early) / Double(rounds) > 4)
    }
}

@Suite("slideshow timing")
struct SlideshowTimingTests {
    @Test("a fade and the interval are measured by the clock; a pause keeps the time left")
    func clockTimed() {
        var t = SlideshowTiming(interval: 10, transition: 2)
        #expect(t.nextDue == .infinity)
        t.shown(at: 100)
        #expect(t.fade(at: 101) == 0.5)
        #expect(t.fade(at: 103) == 1)
        #expect(!t.isDue(at: 109.9) && t.isDue(at: 110))
        t.pause(at: 104)
        #expect(t.nextDue == .infinity && t.travel(at: 200) == 0.4)
        t.resume(at: 204)
        #expect(t.nextDue == 210)
        #expect(SlideshowTiming(interval: 1, transition: 5).transition == 0.5)
    }
}

@Suite("Ken Burns")
struct KenBurnsTests {
    @Test("a portrait grows from its top edge all through its move; a landscape stays centred in height")
    func portraitKeepsItsTop() {
        let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
        let portrait = KenBurns.fit(Size(width: 3000, height: 4000), in: screen)
        #expect(portrait.minY == 0 && portrait.height == 800 && portrait.midX == 640)
        for step in 0...10 {
            let moved = KenBurns.rect(portrait, travel: Double(step) / 10, portrait: true)
            #expect(moved.minY == portrait.minY)
            #expect(moved.height >= portrait.height)
        }
        let landscape = KenBurns.fit(Size(width: 4000, height: 2000), in: screen)
        let end = KenBurns.rect(landscape, travel: 1, portrait: false)
        #expect(abs(end.midY - landscape.midY) < 1e-9 && end.width > landscape.width)
    }
}

@Suite("fair shuffle, taken back")
struct FairShuffleUnstepTests {
    @Test("photos taken for a slide never shown are given back, even the first of a new round")
    func unstepAcrossTheSeam() {
        var shuffle = FairShuffle<Int>(photos: Array(0..<4), seed: 2)
        for _ in 0..<4 { _ = shuffle.next() }
        let firstOfRound2 = shuffle.next()
        #expect(shuffle.roundNumber == 2 && shuffle.position == 0)
        #expect(shuffle.unstep(1) && shuffle.position == -1)
        #expect(shuffle.next() == firstOfRound2)
        #expect(!shuffle.unstep(2) && shuffle.position == 0)
    }
}

@Suite("fair shuffle, from a saved state")
struct FairShuffleSavedStateTests {
    let photos = (0..<25).map { "p\($0)" }

    @Test("a saved state with a round number past the last, a position off the round or a photo twice is damage")
    func savedStateIsChecked() {
        let round = ["a", "b", "c"]
        #expect(throws: FairShuffle<String>.Damage.roundNumber(Int.max)) {
            try FairShuffle(saved: round, position: 0, roundNumber: Int.max, seed: 1)
        }
        #expect(throws: FairShuffle<String>.Damage.roundNumber(0)) { try FairShuffle(saved: round, position: 0, roundNumber: 0, seed: 1) }
        #expect(throws: FairShuffle<String>.Damage.position(3, roundSize: 3)) { try FairShuffle(saved: round, position: 3, roundNumber: 2, seed: 1) }
        #expect(throws: FairShuffle<String>.Damage.position(-2, roundSize: 3)) { try FairShuffle(saved: round, position: -2, roundNumber: 2, seed: 1) }
        #expect(throws: FairShuffle<String>.Damage.repeatedPhotos(2)) {
            try FairShuffle(saved: ["a", "b", "a", "c", "a"], position: 0, roundNumber: 2, seed: 1)
        }
        let fine = try? FairShuffle(saved: round, position: -1, roundNumber: FairShuffle<String>.lastRound, seed: 1)
        #expect(fine?.position == -1 && fine?.roundNumber == FairShuffle<String>.lastRound)
        #expect((try? FairShuffle<String>(saved: [], position: -1, roundNumber: 1, seed: 1)) != nil, "an empty round is a state")
    }

    @Test("the round after the last counts from 1 again, fair as ever")
    func roundNumberWraps() throws {
        var shuffle = try FairShuffle(saved: photos, position: photos.count - 1, roundNumber: FairShuffle<String>.lastRound, seed: 5)
        var seen: [String] = []
        for _ in photos { seen.append(shuffle.next()!) }
        #expect(shuffle.roundNumber == 1)
        #expect(seen.sorted() == photos.sorted())
        // The parts' initialiser keeps any number it is given inside the range too.
        #expect(FairShuffle(round: photos, position: 0, roundNumber: Int.max, seed: 5).roundNumber == FairShuffle<String>.lastRound)
    }
}
