#if canImport(Glibc)
import Glibc
#endif
import CSDL2

/// Which of SDL's renderers draws the window when nobody said (`SDL_RENDER_DRIVER`).
///
/// On an X11 desktop with no GPU driver (a VM, a container, Xvfb) OpenGL is Mesa's llvmpipe, and
/// on two cores SDL's own software renderer, drawing into X shared memory (XShm), is faster to
/// the first screen, drops fewer frames and uses half the memory, since it leaves the second
/// core to the decoders and loads no LLVM (BENCHMARKS.md, "Which renderer without a GPU"). So
/// there, cascade asks for the software renderer. Wayland and kmsdrm are left alone: SDL 2 has
/// no window framebuffer of its own there, so even the software renderer's pixels would reach
/// the screen through OpenGL (ES), llvmpipe and all — and asking for a framebuffer without it
/// fails.
enum RendererChoice {
    /// What the machine offers, as far as the choice goes.
    struct Machine: Sendable, Equatable {
        /// SDL's video driver ("x11", "wayland", "kmsdrm", "dummy"…).
        var videoDriver: String
        /// `SDL_RENDER_DRIVER` or `SDL_FRAMEBUFFER_ACCELERATION` as set in the environment.
        var rendererRequested: Bool
        /// A GPU driver's device node: a DRM render node (`/dev/dri/renderD*`), or NVIDIA's
        /// own (`/dev/nvidiactl`) for its driver without DRM.
        var hasGPU: Bool
    }

    /// True when the window should be drawn by SDL's software renderer.
    static func prefersSoftware(on machine: Machine) -> Bool {
        machine.videoDriver == "x11" && !machine.rendererRequested && !machine.hasGPU
    }

    /// This machine, once SDL's video driver is up.
    static func thisMachine(videoDriver: String) -> Machine {
        Machine(videoDriver: videoDriver,
                rendererRequested: SDL_getenv("SDL_RENDER_DRIVER") != nil || SDL_getenv("SDL_FRAMEBUFFER_ACCELERATION") != nil,
                hasGPU: hasGPUDevice())
    }

    /// Asks SDL for its software renderer, and for a window framebuffer in shared memory rather
    /// than one drawn through OpenGL (which would load llvmpipe all the same).
    static func useSoftwareRenderer() {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    private static func hasGPUDevice() -> Bool {
        if access("/dev/nvidiactl", F_OK) == 0 { return true }
        guard let folder = opendir("/dev/dri") else { return false }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasPrefix("renderD") { return true }
        }
        return false
    }
}
