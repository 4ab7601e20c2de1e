import CSDL2
import Foundation
import Testing
@testable import Screen

/// A frame is presented at the display's refresh: on the console (kmsdrm) presenting is a page
/// flip, and one that does not wait tears and draws frames nobody sees.
@Suite("vsync on the window", .serialized)
@MainActor
struct VsyncTests {
    @Test("every window renderer is asked for vsync, the software fallback too: on the console a page flip waits for the refresh")
    func vsyncAsked() {
        for accelerated in [true, false] {
            #expect(Renderer.creationFlags(accelerated: accelerated, vsync: true) & SDL_RENDERER_PRESENTVSYNC.rawValue != 0)
        }
    }

    @Test("a window's renderer presents with vsync")
    func windowHasVsync() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let window = try Window(title: "cascade test", placement: .windowed(width: 64, height: 64))
        #expect(window.renderer.backend.vsync)
    }
}
