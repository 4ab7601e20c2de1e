import Screen

/// How much memory tile textures may hold when `--texture-budget` does not say (DESIGN.md §4).
/// On a GPU the textures are video memory, and 256 MiB keeps many screens of a large wall ready.
/// Where the drawing runs on the CPU (SDL's software renderer, Mesa's llvmpipe on a machine
/// without a GPU driver) they are this process's own memory: 48 MiB holds the three screens of
/// live cells at 1920×1080 (visible, 1.5 ahead, 0.5 behind) and as many again to scroll back
/// into, and keeps a kiosk browsing a 100,000-photo wall under the 150 MB target (133 MB with
/// SDL's software renderer after gliding end to end; 64 MiB gave 154 MB, 32 MiB twice the
/// textures made).
enum TextureBudget {
    static let onGPU = 256 << 20
    static let onCPU = 48 << 20

    @MainActor
    static func standard(for renderer: Renderer) -> Int {
        renderer.drawsOnCPU ? onCPU : onGPU
    }
}
