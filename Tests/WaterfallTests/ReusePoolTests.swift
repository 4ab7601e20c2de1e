import Testing
@testable import Waterfall

private final class Thing {
    let name: String
    init(_ name: String) { self.name = name }
}

@Suite("Reuse pool")
struct ReusePoolTests {
    let small = ReuseIdentifier.sizeClass(.tile, width: 100, height: 100)
    let large = ReuseIdentifier.sizeClass(.tile, width: 300, height: 400)

    @Test("identifiers never mix")
    func identifiersNeverMix() {
        let pool = ReusePool<Thing>()
        pool.enqueue(Thing("s1"), id: small, bytes: 10)
        pool.enqueue(Thing("l1"), id: large, bytes: 10)
        pool.enqueue(Thing("s2"), id: small, bytes: 10)
        #expect(pool.dequeue(large)?.name == "l1")
        #expect(pool.dequeue(large) == nil)
        #expect(pool.dequeue(small)?.name == "s2")   // most recent first: the warmest
        #expect(pool.dequeue(small)?.name == "s1")
        #expect(pool.dequeue(small) == nil)
        #expect(pool.dequeue(.init(family: .caption)) == nil)
    }

    @Test("the budget evicts the least recently used, across identifiers")
    func budget() {
        var evicted: [String] = []
        let pool = ReusePool<Thing>(budgetBytes: 30) { evicted.append($0.name) }
        func make(_ name: String, _ bytes: Int) -> Thing { pool.registerCreated(bytes: bytes); return Thing(name) }
        pool.enqueue(make("a", 10), id: small, bytes: 10)
        pool.enqueue(make("b", 10), id: large, bytes: 10)
        pool.enqueue(make("c", 10), id: small, bytes: 10)
        #expect(evicted.isEmpty)
        let d = make("d", 10)                       // 40 held: the oldest idle one makes room
        #expect(evicted == ["a"])
        pool.enqueue(d, id: large, bytes: 10)
        #expect(pool.dequeue(large)?.name == "d")   // b is now the oldest idle
        pool.enqueue(make("e", 20), id: small, bytes: 20)
        #expect(evicted == ["a", "b", "c"])
        #expect(pool.stats.bytesHeld == 30)
        #expect(pool.dequeue(small)?.name == "e")
    }

    @Test("counters add up")
    func counters() {
        let pool = ReusePool<Thing>(budgetBytes: 1000)
        for i in 0..<5 { pool.registerCreated(bytes: 10); pool.enqueue(Thing("\(i)"), id: small, bytes: 10) }
        #expect(pool.stats.created == 5)
        #expect(pool.stats.idleCount == 5)
        #expect(pool.stats.bytesIdle == 50)
        #expect(pool.stats.bytesInUse == 0)
        for _ in 0..<7 { _ = pool.dequeue(small) }
        #expect(pool.stats.hits == 5)
        #expect(pool.stats.misses == 2)
        #expect(pool.stats.bytesInUse == 50)
        #expect(pool.stats.idleCount == 0)
        #expect(pool.stats.hitRate == 5.0 / 7.0)
        for i in 0..<5 { pool.enqueue(Thing("\(i)"), id: large, bytes: 10) }
        pool.removeAll()
        #expect(pool.stats.evicted == 5)
        #expect(pool.stats.bytesHeld == 0)
    }

    @Test("size classes round up, bounded waste")
    func sizeClasses() {
        for v in [1, 15, 16, 17, 100, 255, 256, 257, 1000, 4097] {
            let r = ReuseIdentifier.roundUp(v)
            #expect(r >= v)
            #expect(Double(r) <= Double(max(v, 16)) * 1.125 + 16)
        }
        #expect(ReuseIdentifier.sizeClass(.tile, width: 283, height: 410) == ReuseIdentifier.sizeClass(.tile, width: 285, height: 400))
        #expect(ReuseIdentifier.sizeClass(.tile, width: 285, height: 400) != ReuseIdentifier.sizeClass(.caption, width: 285, height: 400))
    }

    @Test("absurd sizes saturate instead of trapping")
    func absurdSizes() {
        let huge = ReuseIdentifier.sizeClass(.tile, width: Int.max, height: Int(Int32.max) + 1)
        #expect(huge.width == Int32.max && huge.height == Int32.max)
        let none = ReuseIdentifier.sizeClass(.tile, width: -5, height: Int.min)
        #expect(none.width == 0 && none.height == 0)
    }
}
