import Screen

/// How much memory tile textures may hold when `--texture-budget` does not say (DESIGN.md §4).
/// On a GPU the textures are video memory, and 256 MiB keeps many screens of a large wall ready.
/// Where the drawing runs on the CPU (SDL's software renderer, Mesa's llvmpipe on a machine
/// without a GPU driver) they are this process's own memory: 64 MiB still holds seven full
/// screens of tiles at 1920×1080, and keeps a kiosk's resident size near the 150 MB target
/// instead of growing by 256 MiB as the wall is browsed.
enum TextureBudget {
    static let onGPU = 256 << 20
    static let onCPU = 64 << 20

    @MainActor
    static func standard(for renderer: Renderer) -> Int {
        renderer.drawsOnCPU ? onCPU : onGPU
    }
}
