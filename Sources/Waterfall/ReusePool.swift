// Idle resources (cells, textures) waiting to be handed to the next tile of the same
// identifier, under a byte budget. The seed scans its pool linearly; here every operation is
// O(1): each idle resource sits in two intrusive doubly linked lists over one node array —
// its identifier's stack (most recent first, so a dequeue gets the warmest one) and a global
// least-recently-used list that eviction takes from.

public struct PoolStats: Hashable, Sendable {
    /// Dequeues served from the pool.
    public var hits = 0
    /// Dequeues that found nothing idle under their identifier.
    public var misses = 0
    /// Resources the owner made and registered.
    public var created = 0
    /// Idle resources dropped to stay within the budget (or by `removeAll`).
    public var evicted = 0
    public var idleCount = 0
    public var bytesIdle = 0
    /// Bytes of registered resources that are out of the pool, in use.
    public var bytesInUse = 0

    public var bytesHeld: Int { bytesIdle + bytesInUse }
    /// Share of dequeues served from the pool.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
}

public final class ReusePool<Resource> {
    private struct Node {
        var resource: Resource?
        var id: ReuseIdentifier
        var bytes: Int
        var lruNewer: Int32, lruOlder: Int32
        var idNext: Int32, idPrev: Int32   // idNext points at the older entry of the same id
    }
    private static var none: Int32 { -1 }

    private var nodes: [Node] = []
    private var freeSlots: [Int32] = []
    private var newest: Int32 = -1
    private var oldest: Int32 = -1
    private var stackTop: [ReuseIdentifier: Int32] = [:]

    /// Total bytes (idle + in use) above which idle resources are evicted, oldest first.
    public var budgetBytes: Int { didSet { evictOverBudget() } }
    public private(set) var stats = PoolStats()
    /// Called with each evicted resource, e.g. to destroy a texture.
    public var onEvict: ((Resource) -> Void)?

    public init(budgetBytes: Int = 256 << 20, onEvict: ((Resource) -> Void)? = nil) {
        self.budgetBytes = budgetBytes
        self.onEvict = onEvict
    }

    /// The owner made a new resource and will hand it to `enqueue` one day. Idle resources
    /// make room for it if the budget is exceeded.
    public func registerCreated(bytes: Int) {
        stats.created += 1
        stats.bytesInUse += bytes
        evictOverBudget()
    }

    /// The owner destroyed an in-use resource itself (it will never come back).
    public func unregister(bytes: Int) {
        stats.bytesInUse -= bytes
    }

    /// Takes the most recently returned idle resource of this identifier, or nil.
    public func dequeue(_ id: ReuseIdentifier) -> Resource? {
        guard let slot = stackTop[id] else {
            stats.misses += 1
            return nil
        }
        stats.hits += 1
        let node = nodes[Int(slot)]
        detach(slot)
        stats.bytesInUse += node.bytes
        return node.resource
    }

    /// Returns a resource that left the screen. It is evicted at once if the budget is exceeded.
    public func enqueue(_ resource: Resource, id: ReuseIdentifier, bytes: Int) {
        let slot: Int32
        let node = Node(resource: resource, id: id, bytes: bytes, lruNewer: Self.none, lruOlder: newest,
                        idNext: stackTop[id] ?? Self.none, idPrev: Self.none)
        if let free = freeSlots.popLast() {
            slot = free
            nodes[Int(slot)] = node
        } else {
            slot = Int32(nodes.count)
            nodes.append(node)
        }
        if newest != Self.none { nodes[Int(newest)].lruNewer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
        if node.idNext != Self.none { nodes[Int(node.idNext)].idPrev = slot }
        stackTop[id] = slot
        stats.idleCount += 1
        stats.bytesIdle += bytes
        // A resource that was never registered was not counted as in use.
        stats.bytesInUse = max(0, stats.bytesInUse - bytes)
        evictOverBudget()
    }

    public func idleCount(for id: ReuseIdentifier) -> Int {
        var n = 0
        var slot = stackTop[id] ?? Self.none
        while slot != Self.none { n += 1; slot = nodes[Int(slot)].idNext }
        return n
    }

    /// Evicts every idle resource.
    public func removeAll() {
        while oldest != Self.none { evictOldest() }
    }

    private func evictOverBudget() {
        while stats.bytesHeld > budgetBytes, oldest != Self.none { evictOldest() }
    }

    private func evictOldest() {
        let slot = oldest
        let resource = nodes[Int(slot)].resource
        detach(slot)
        stats.evicted += 1
        if let resource { onEvict?(resource) }
    }

    /// Unlinks an idle node from both lists and frees its slot.
    private func detach(_ slot: Int32) {
        let node = nodes[Int(slot)]
        if node.lruNewer != Self.none { nodes[Int(node.lruNewer)].lruOlder = node.lruOlder } else { newest = node.lruOlder }
        if node.lruOlder != Self.none { nodes[Int(node.lruOlder)].lruNewer = node.lruNewer } else { oldest = node.lruNewer }
        if node.idPrev != Self.none {
            nodes[Int(node.idPrev)].idNext = node.idNext
        } else if node.idNext != Self.none {
            stackTop[node.id] = node.idNext
        } else {
            stackTop.removeValue(forKey: node.id)
        }
        if node.idNext != Self.none { nodes[Int(node.idNext)].idPrev = node.idPrev }
        nodes[Int(slot)].resource = nil
        freeSlots.append(slot)
        stats.idleCount -= 1
        stats.bytesIdle -= node.bytes
    }
}
