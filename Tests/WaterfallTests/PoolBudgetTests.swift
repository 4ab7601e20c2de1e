import Testing
@testable import Waterfall

/// A texture budget smaller than the preload range wants: the tiles on screen are always there,
/// and preloading stops at the budget instead of holding off-screen textures over it.
@Suite("the texture budget and preloading")
struct PoolBudgetTests {
    @Test("preloading stops at the budget; every tile on screen still gets its cell")
    func preloadStopsAtTheBudget() {
        let wall = FakeWall(count: 500)
        // FakeCell costs 1000 bytes: room for 12 cells, about what one 900×600 screen shows.
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600),
                                           pool: ReusePool(budgetBytes: 12_000))
        view.dataSource = wall
        view.delegate = wall
        view.reloadData()
        for step in 0..<40 {
            view.scrollTo(offset: Double(step) * 250)
            view.layoutCells()
            let onScreen = view.layout.indices(in: view.viewportRect)
            #expect(Set(view.drawList.map(\.index)) == Set(onScreen), "a tile on screen has no cell")
            let inUse = view.pool.stats.bytesInUse
            // At most one cell past the budget (the one that reached it), or what the screen needs.
            #expect(inUse <= max(12_000, onScreen.count * 1000) + 1000, "off-screen cells held over the budget: \(inUse)")
        }
    }

    @Test("with room to spare the preload range is kept")
    func preloadWithinBudget() {
        let wall = FakeWall(count: 500)
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600),
                                           pool: ReusePool(budgetBytes: 10_000_000))
        view.dataSource = wall
        view.delegate = wall
        view.reloadData()
        view.layoutCells()
        #expect(view.liveIndices.count > view.drawList.count, "nothing was preloaded")
    }
}
