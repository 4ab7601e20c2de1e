import Testing
@testable import Screen

@Suite("Which renderer draws when nobody said") struct RendererChoiceTests {
    private func software(_ driver: String, requested: Bool = false, gpu: Bool = false) -> Bool {
        RendererChoice.prefersSoftware(on: .init(videoDriver: driver, rendererRequested: requested, hasGPU: gpu))
    }

    @Test("a desktop without a GPU driver draws with SDL's software renderer; with one, OpenGL")
    func desktopWithoutGPU() {
        #expect(software("x11"))
        #expect(software("wayland"))
        #expect(!software("x11", gpu: true))
        #expect(!software("wayland", gpu: true))
    }

    @Test("SDL_RENDER_DRIVER or SDL_FRAMEBUFFER_ACCELERATION in the environment always wins")
    func theUserDecides() {
        #expect(!software("x11", requested: true))
        #expect(!software("wayland", requested: true, gpu: false))
    }

    @Test("the console (kmsdrm) keeps OpenGL ES, its only way to draw; dummy and unknown drivers are left to SDL")
    func otherDrivers() {
        #expect(!software("kmsdrm"))
        #expect(!software("dummy"))
        #expect(!software("offscreen"))
    }
}
