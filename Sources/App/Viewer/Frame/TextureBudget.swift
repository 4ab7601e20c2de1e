import Screen

/// How much memory tile textures may hold when `--texture-budget` does not say.
///
/// - On a GPU the textures are video memory, and 256 MiB keeps many screens of a large wall ready.
/// - Where the drawing runs on the CPU they are this process's own memory, and browsing must not
///   grow a kiosk by 256 MiB. Both budgets below hold the three screens of live cells at
///   1920×1080 (visible, 1.5 ahead, 0.5 behind) and more to scroll back into.
///   - SDL's software renderer makes a texture for the price of an allocation and a copy, so
///     its budget is set by memory: the smallest that keeps a 100,000-photo wall under the
///     150 MB target.
///   - OpenGL on Mesa's llvmpipe cannot reach that target anyway, and each texture it makes
///     costs an upload and a re-layout on the cores the frame needs, so it gets more room and
///     makes fewer textures.
///   (The figures: BENCHMARKS.md, "100,000 photos".)
enum TextureBudget {
    static let onGPU = 256 << 20
    static let forOpenGLOnCPU = 64 << 20
    static let forSoftwareRenderer = 48 << 20

    @MainActor
    static func standard(for renderer: Renderer) -> Int {
        guard renderer.drawsOnCPU else { return onGPU }
        return renderer.isSoftware ? forSoftwareRenderer : forOpenGLOnCPU
    }
}
