import Screen

/// How much memory tile textures may hold when `--texture-budget` does not say, and why: the
/// start of the log says both (docs/kiosk.md, "Small GPUs").
///
/// - Where the drawing runs on the CPU the textures are this process's own memory, and browsing
///   must not grow a kiosk by 256 MiB. Both budgets below hold the three screens of live cells
///   at 1920×1080 (visible, 1.5 ahead, 0.5 behind) and more to scroll back into.
///   - SDL's software renderer makes a texture for the price of an allocation and a copy, so
///     its budget is set by memory: the smallest that keeps a 100,000-photo wall under the
///     150 MB target.
///   - OpenGL on Mesa's llvmpipe cannot reach that target anyway, and each texture it makes
///     costs an upload and a re-layout on the cores the frame needs, so it gets more room and
///     makes fewer textures.
///   (The figures: BENCHMARKS.md, "100,000 photos".)
/// - On a GPU the textures are video memory, and the GPU's largest texture tells its class.
///   A Raspberry Pi Zero to 3 (VideoCore IV, vc4) stops at 2048 px and takes its memory from a
///   reserved pool (CMA, often 256 MiB) that the console, the framebuffers and every other
///   program share; running it out fails texture after texture. 64 MiB still holds those three
///   screens at 1920×1080. A GPU that stops at 4096 px (a Pi 4's V3D, older laptops) gets
///   96 MiB; larger GPUs 256 MiB, which keeps many screens of a large wall ready.
enum TextureBudget {
    static let onGPU = 256 << 20
    static let onSmallGPU = 64 << 20
    static let onMidGPU = 96 << 20
    static let forOpenGLOnCPU = 64 << 20
    static let forSoftwareRenderer = 48 << 20

    /// The budget and the reason for it, in words for the log.
    struct Choice: Equatable {
        let bytes: Int
        let reason: String
    }

    /// What a renderer tells about the device that draws.
    struct Device: Equatable {
        /// SDL's renderer name: "software", "opengl", "opengles2"…
        var backend: String
        /// The longest texture side it takes.
        var maximumTextureSide: Int
        /// Drawing by the CPU: SDL's software renderer or Mesa's llvmpipe.
        var drawsOnCPU: Bool
    }

    static func choose(given: Int?, for device: Device) -> Choice {
        if let given { return Choice(bytes: given, reason: "--texture-budget") }
        if device.drawsOnCPU {
            return device.backend == "software"
                ? Choice(bytes: forSoftwareRenderer, reason: "SDL's software renderer: textures are cascade's own memory")
                : Choice(bytes: forOpenGLOnCPU, reason: "OpenGL on the CPU: textures are cascade's own memory")
        }
        let side = device.maximumTextureSide
        if side <= 2048 { return Choice(bytes: onSmallGPU, reason: "a small GPU, textures up to \(side) px, as a Raspberry Pi's vc4") }
        if side <= 4096 { return Choice(bytes: onMidGPU, reason: "a GPU with textures up to \(side) px") }
        return Choice(bytes: onGPU, reason: "a GPU with textures up to \(side) px")
    }

    @MainActor
    static func choose(given: Int?, for renderer: Renderer) -> Choice {
        let maximum = renderer.maximumTextureSize
        return choose(given: given, for: Device(backend: renderer.backend.name,
                                                maximumTextureSide: min(maximum.width, maximum.height),
                                                drawsOnCPU: renderer.drawsOnCPU))
    }
}
