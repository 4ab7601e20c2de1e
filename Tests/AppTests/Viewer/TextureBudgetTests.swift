import Testing
@testable import App

/// The memory tile textures may hold follows what draws them: a Raspberry Pi's small GPU shares
/// a reserved pool that runs out, a desktop GPU has room, and where the CPU draws they are
/// cascade's own memory. `--texture-budget` always wins.
@Suite("the texture budget by device")
struct TextureBudgetTests {
    private func budget(_ backend: String, side: Int, cpu: Bool = false, given: Int? = nil) -> TextureBudget.Choice {
        TextureBudget.choose(given: given, for: .init(backend: backend, maximumTextureSide: side, drawsOnCPU: cpu))
    }

    @Test("a GPU whose textures stop at 2048 px (a Pi Zero to 3's vc4) gets 64 MiB, and the log says why")
    func smallGPU() {
        let choice = budget("opengles2", side: 2048)
        #expect(choice.bytes == 64 << 20)
        #expect(choice.reason.contains("2048"))
        #expect(budget("opengl", side: 1024).bytes == 64 << 20)
    }

    @Test("a GPU that stops at 4096 px gets 96 MiB; larger GPUs 256 MiB")
    func largerGPUs() {
        #expect(budget("opengles2", side: 4096).bytes == 96 << 20)
        #expect(budget("opengl", side: 8192).bytes == 256 << 20)
        #expect(budget("opengl", side: 16384).bytes == 256 << 20)
    }

    @Test("where the CPU draws, the budget is memory's: 48 MiB for SDL's software renderer, 64 MiB for llvmpipe")
    func onTheCPU() {
        #expect(budget("software", side: 16384, cpu: true).bytes == 48 << 20)
        #expect(budget("opengl", side: 16384, cpu: true).bytes == 64 << 20)
    }

    @Test("--texture-budget wins over every rule")
    func given() {
        #expect(budget("opengles2", side: 2048, given: 200 << 20) == .init(bytes: 200 << 20, reason: "--texture-budget"))
    }
}
