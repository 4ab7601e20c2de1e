import CSDL2
import CSDLImage
import Foundation
import Testing
import Waterfall
@testable import Screen
@testable import TestSupport

/// The offscreen canvas: sizes, reading back, and PNG output.
@Suite(.serialized) @MainActor
struct CanvasTests {
    init() { useDummyVideoDriver() }

    /// A canvas with a recognisable picture: a gradient background and two tiles.
    private func drawnCanvas() throws -> OffscreenCanvas {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 97, height: 61))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.clearBackground()
        let texture = try makeTexture(on: canvas.renderer, width: 40, height: 30) { x, y in
            ScreenColor(red: UInt8(x * 6), green: UInt8(y * 8), blue: 77)
        }
        drawer.draw(.photo(texture), in: Rect(x: 3, y: 3, width: 40, height: 30))
        drawer.draw(.error(reason: "corrupt"), in: Rect(x: 50, y: 3, width: 44, height: 55))
        return canvas
    }

    @Test func savedPNGLoadsBackWithTheSamePixels() throws {
        let folder = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(folder) }
        let canvas = try drawnCanvas()
        let before = canvas.pixels()
        let path = folder + "/wall.png"
        try canvas.savePNG(to: path)

        #expect(canvas.pixels() == before, "saving must leave the canvas as it was")
        let loaded = try #require(IMG_Load(path))
        defer { SDL_FreeSurface(loaded) }
        let converted = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        defer { SDL_FreeSurface(converted) }
        #expect(converted.pointee.w == 97 && converted.pointee.h == 61)
        var reloaded: [UInt8] = []
        let pitch = Int(converted.pointee.pitch)
        let base = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for row in 0 ..< 61 {
            reloaded.append(contentsOf: UnsafeBufferPointer(start: base + row * pitch, count: 97 * 4))
        }
        #expect(reloaded == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["wall.png"], "no temporary file left")
    }

    @Test("a PNG written a band at a time holds each band as it was when added, while drawing went on below")
    func pngWrittenInBands() throws {
        let folder = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(folder) }
        let canvas = try drawnCanvas()
        let png = try canvas.pngWriter()
        try png.add(rowsAbove: 20)
        let top = Array(canvas.pixels().prefix(97 * 4 * 20))
        // Drawn after the band was added: the band in the file stays as it was.
        canvas.renderer.fill(PixelRect(x: 0, y: 0, width: 97, height: 61), color: ScreenColor(red: 9, green: 200, blue: 9))
        try png.add(rowsAbove: 10)
        #expect(png.rowsAdded == 20, "rows already added are not added again")
        try png.add(rowsAbove: 45)
        canvas.renderer.fill(PixelRect(x: 0, y: 45, width: 97, height: 16), color: ScreenColor(red: 1, green: 2, blue: 250))
        let rest = Array(canvas.pixels().dropFirst(97 * 4 * 20))
        let path = folder + "/wall.png"
        try png.finish(to: path)

        let loaded = try #require(IMG_Load(path))
        defer { SDL_FreeSurface(loaded) }
        let converted = try #require(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0))
        defer { SDL_FreeSurface(converted) }
        var reloaded: [UInt8] = []
        let base = converted.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for row in 0 ..< 61 {
            reloaded.append(contentsOf: UnsafeBufferPointer(start: base + row * Int(converted.pointee.pitch), count: 97 * 4))
        }
        #expect(reloaded == top + rest)
        #expect(throws: ScreenError.self, "a second finish is refused, not a crash") { try png.finish(to: path) }
    }

    @Test func savingOverAnExistingFileReplacesIt() throws {
        let folder = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(folder) }
        let path = folder + "/wall.png"
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        try drawnCanvas().savePNG(to: path)
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(8)
        #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test func unwritableOutputIsAClearErrorNotACrash() throws {
        let folder = makeTemporaryFolder("cascade-screen-tests")
        defer { removeFolder(folder) }
        let canvas = try drawnCanvas()
        for path in [folder + "/missing/wall.png", folder, folder + "/", ""] {
            #expect(throws: ScreenError.self, "\(path)") { try canvas.savePNG(to: path) }
        }
        do {
            try canvas.savePNG(to: folder + "/missing/wall.png")
        } catch let error as ScreenError {
            guard case let .notWritable(path, reason) = error else {
                Issue.record("unexpected \(error)"); return
            }
            #expect(path.hasSuffix("/missing/wall.png"))
            #expect(!reason.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing half-written left")
    }

    @Test func emptyAndOversizedCanvasesAreRefusedBeforeAllocating() {
        #expect(throws: ScreenError.self) { try OffscreenCanvas(size: PixelSize(width: 0, height: 10)) }
        #expect(throws: ScreenError.self) { try OffscreenCanvas(size: PixelSize(width: -5, height: 10)) }
        #expect(throws: ScreenError.self) { try OffscreenCanvas(size: PixelSize(width: 1920, height: 1 << 40)) }
        #expect(throws: ScreenError.self) { try OffscreenCanvas(size: PixelSize(width: Int.max, height: Int.max)) }
        #expect(throws: ScreenError.tooLarge(what: "a 100×100 canvas", bytes: 40000, limit: 1000)) {
            try OffscreenCanvas(size: PixelSize(width: 100, height: 100), maximumBytes: 1000)
        }
    }

    @Test func pixelReadsOutsideTheCanvasAreNil() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 4, height: 4))
        #expect(canvas.pixel(atX: -1, y: 0) == nil)
        #expect(canvas.pixel(atX: 4, y: 0) == nil)
        #expect(canvas.pixel(atX: 0, y: 4) == nil)
        #expect(canvas.pixel(atX: 3, y: 3) != nil)
    }

    @Test func rendererReadBackMatchesTheCanvasMemory() throws {
        let canvas = try drawnCanvas()
        #expect(try canvas.renderer.readPixels() == canvas.pixels())
        let part = try canvas.renderer.readPixels(in: PixelRect(x: 10, y: 10, width: 2, height: 1))
        let c = try #require(canvas.pixel(atX: 10, y: 10))
        #expect(Array(part[0 ..< 4]) == [c.blue, c.green, c.red, c.alpha])
    }

    /// A hidden window of the dummy video driver for `body`, SDL video started and stopped
    /// around it.
    private func inADummyWindow(width: Int32, height: Int32, _ body: (OpaquePointer) throws -> Void) throws {
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            Issue.record("dummy video driver unavailable: \(String(cString: SDL_GetError()))")
            return
        }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        // Called outside #require: the macro takes the call apart, and the title's implicit C
        // string then dies before SDL reads it (AddressSanitizer: heap-use-after-free).
        let created = SDL_CreateWindow("cascade test", 0, 0, width, height, SDL_WINDOW_HIDDEN.rawValue)
        let window = try #require(created)
        defer { SDL_DestroyWindow(window) }
        try body(window)
    }

    @Test func theSameDrawingInAWindowGivesTheSamePixels() throws {
        try inADummyWindow(width: 97, height: 61) { window in
            let offscreen = try drawnCanvas().pixels()
            let renderer = try Renderer(window: window, accelerated: false, vsync: false)
            #expect(renderer.outputSize == PixelSize(width: 97, height: 61))
            let drawer = TileDrawer(renderer: renderer)
            drawer.clearBackground()
            let texture = try makeTexture(on: renderer, width: 40, height: 30) { x, y in
                ScreenColor(red: UInt8(x * 6), green: UInt8(y * 8), blue: 77)
            }
            drawer.draw(.photo(texture), in: Rect(x: 3, y: 3, width: 40, height: 30))
            drawer.draw(.error(reason: "corrupt"), in: Rect(x: 50, y: 3, width: 44, height: 55))
            #expect(try renderer.readPixels() == offscreen)
        }
    }

    @Test("in a software-drawn window, opaque tiles take the window's own pixel format and look the same as offscreen")
    func opaqueTilesInAWindow() throws {
        try inADummyWindow(width: 90, height: 60, checkOpaqueTiles)
    }

    private func checkOpaqueTiles(in window: OpaquePointer) throws {
        func draw(on renderer: Renderer) throws -> [UInt8] {
            let drawer = TileDrawer(renderer: renderer)
            drawer.clearBackground()
            let texture = try TileTexture(renderer: renderer, capacity: PixelSize(width: 32, height: 32), opaque: true)
            try fill(texture, width: 30, height: 20) { x, y in ScreenColor(red: UInt8(x * 8), green: UInt8(y * 12), blue: 90) }
            drawer.draw(.photo(texture), in: Rect(x: 2, y: 2, width: 30, height: 20))
            drawer.draw(.photo(texture, opacity: 0.5), in: Rect(x: 40, y: 2, width: 30, height: 20))
            drawer.draw(.photo(texture), in: Rect(x: 50, y: 40, width: 45, height: 30))  // scaled, cut
            return try renderer.readPixels()
        }
        let offscreen = try draw(on: try OffscreenCanvas(size: PixelSize(width: 90, height: 60)).renderer)
        do {
            let renderer = try Renderer(window: window, accelerated: false, vsync: false)
            #expect(renderer.opaqueTextureFormat == SDL_GetWindowPixelFormat(window))
            #expect(renderer.opaqueTextureFormat == SDL_PIXELFORMAT_RGB888.rawValue, "the dummy driver's framebuffer")
            let shown = try draw(on: renderer)
            #expect(shown.count == offscreen.count)
            let worst = zip(shown, offscreen).enumerated().filter { $0.offset % 4 != 3 }.map { abs(Int($0.element.0) - Int($0.element.1)) }.max()
            #expect(worst ?? 99 <= 1, "window and offscreen differ by up to \(worst ?? -1)")
        }
    }
}
