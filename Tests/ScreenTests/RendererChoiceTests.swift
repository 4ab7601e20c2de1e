import Testing
@testable import Screen

@Suite("Which renderer draws when nobody said") struct RendererChoiceTests {
    private func software(_ driver: String, requested: Bool = false, gpu: Bool = false) -> Bool {
        RendererChoice.prefersSoftware(on: .init(videoDriver: driver, rendererRequested: requested, hasGPU: gpu))
    }

    @Test("an X11 desktop without a GPU driver draws with SDL's software renderer; with one, OpenGL")
    func desktopWithoutGPU() {
        #expect(software("x11"))
        #expect(!software("x11", gpu: true))
    }

    @Test("SDL_RENDER_DRIVER or SDL_FRAMEBUFFER_ACCELERATION in the environment always wins")
    func theUserDecides() {
        #expect(!software("x11", requested: true))
    }

    @Test("Wayland and the console (kmsdrm) keep OpenGL: SDL 2 has no window framebuffer of its own there; dummy and unknown drivers are left to SDL")
    func otherDrivers() {
        #expect(!software("wayland"))
        #expect(!software("kmsdrm"))
        #expect(!software("dummy"))
        #expect(!software("offscreen"))
    }
}
