// The tile cells one view has made, by serial. A decode's answer names its cell by serial (the
// cell may have gone back to the pool and come out again for another tile meanwhile: the
// generation tells), and a cell the pool evicts leaves with its texture. The wall and the
// photo's filmstrip each keep one.

import Screen
import Waterfall

@MainActor
final class TileCells {
    private var bySerial: [Int: TileCell] = [:]
    private var nextSerial = 0

    /// Takes over `pool`'s eviction: an evicted cell's texture is freed and the cell forgotten.
    init(pool: ReusePool<TileCell>) {
        pool.onEvict = { [weak self] cell in
            MainActor.assumeIsolated {
                cell.texture?.destroy()
                self?.bySerial[cell.serial] = nil
            }
        }
    }

    subscript(serial: Int) -> TileCell? { bySerial[serial] }

    var all: Dictionary<Int, TileCell>.Values { bySerial.values }

    /// A cell for a tile of `sizeClass` in `view`: an idle one from its pool, else a new one.
    func dequeue(for view: WaterfallView<TileCell>, sizeClass: TextureSizeClass) -> TileCell {
        view.dequeueReusableCell(withIdentifier: sizeClass.reuseIdentifier) {
            nextSerial += 1
            let made = TileCell(serial: nextSerial, sizeClass: sizeClass)
            bySerial[made.serial] = made
            return made
        }
    }

    func removeAll() { bySerial.removeAll() }
}
