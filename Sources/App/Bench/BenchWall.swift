// A synthetic wall for the benchmark: tiles of given aspect ratios, cells that stand for
// textures (keyed by pixel size class, costing w×h×4 bytes), and a factory that counts what
// it makes — the same shape of data source the screen uses, without SDL.

import Waterfall

final class BenchCell: WaterfallCell {
    let reuseIdentifier: ReuseIdentifier
    let byteCost: Int
    var index = 0
    init(id: ReuseIdentifier) {
        reuseIdentifier = id
        byteCost = Int(id.width) * Int(id.height) * 4
    }
}

final class BenchWall: WaterfallDataSource, WaterfallDelegate {
    let ratios: [Double]
    private(set) var requests = 0
    private(set) var created = 0

    init(ratios: [Double]) { self.ratios = ratios }

    func makeView(viewport: Size, axis: WallAxis = .vertical) -> WaterfallView<BenchCell> {
        let view = WaterfallView<BenchCell>(viewportSize: viewport)
        view.dataSource = self
        view.delegate = self
        view.reloadData()
        view.setAxis(axis)
        return view
    }

    func numberOfCells(in view: WaterfallView<BenchCell>) -> Int { ratios.count }
    func numberOfColumns(in view: WaterfallView<BenchCell>) -> ColumnCount { .automatic }

    func waterfallView(_ view: WaterfallView<BenchCell>, lengthAt index: Int, breadth: Double) -> Double {
        TileSizing.tileLength(axis: view.axis, breadth: breadth, displayed: Size(width: 1, height: ratios[index]))
    }

    func waterfallView(_ view: WaterfallView<BenchCell>, cellAt index: Int) -> BenchCell {
        requests += 1
        let frame = view.layout.frame(at: index)
        let id = ReuseIdentifier.sizeClass(.tile, width: Int(frame.width.rounded(.up)), height: Int(frame.height.rounded(.up)))
        let cell = view.dequeueReusableCell(withIdentifier: id) {
            created += 1
            return BenchCell(id: id)
        }
        cell.index = index
        return cell
    }
}
