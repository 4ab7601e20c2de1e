import Dispatch
import Logging
import Testing
@testable import App
@testable import Photos
import Screen
import Waterfall

/// A wall of three columns drawn through a real window's renderer, its first screen decoded and
/// drawn: `body` gets it, its drawer and its decoders, which are shut down afterwards.
@MainActor
func withSettledWall(in window: Window, showing library: ColourLibrary,
                     _ body: (WallScreen, TileDrawer, WallScreen.Decodes) throws -> Void) throws {
    let drawer = TileDrawer(renderer: window.renderer, fontPath: nil)
    let finished = DispatchSemaphore(value: 0)
    let decodes = WallScreen.Decodes(workers: 2) { finished.signal() }
    defer { decodes.shutdown() }
    let wall = WallScreen(drawer: drawer, viewportSize: window.size,
                          style: WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false),
                          source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                          decodes: decodes, textureBudgetBytes: 64 << 20, log: Logger(label: "cascade.tests"))
    wall.show(library.entries)
    wall.layout(now: 0)
    let deadline = DispatchTime.now() + 10
    while true {
        for result in decodes.drain(max: 100) { wall.accept(result, now: 0) }
        if wall.isScreenSettled || finished.wait(timeout: deadline) == .timedOut { break }
    }
    try #require(wall.isScreenSettled, "the first screen never finished decoding")
    wall.draw(now: 10)
    try body(wall, drawer, decodes)
}
