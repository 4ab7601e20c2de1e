import CSDL2

/// Which device does the drawing: asked once, for the log and for how much memory textures may
/// take. Where the drawing runs on the CPU, every texture byte is this process's memory.
extension Renderer {
    /// The OpenGL renderer string ("llvmpipe (LLVM 15.0.6, 256 bits)", "Mesa Intel(R) UHD
    /// Graphics 620"); nil for SDL's software renderer. Asked of the context SDL made current
    /// on this thread when it created the renderer (the frame loop's thread, the only one).
    public var openGLDevice: String? {
        guard backend.name.hasPrefix("opengl"), let symbol = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let glGetString = unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> UnsafePointer<UInt8>?).self)
        guard let name = glGetString(0x1F01 /* GL_RENDERER */) else { return nil }
        return String(cString: name)
    }

    /// SDL's software renderer, or OpenGL by one of Mesa's software rasterisers (a machine
    /// without a GPU driver: a VM, Xvfb, simpledrm).
    public var drawsOnCPU: Bool {
        guard backend.name.hasPrefix("opengl") else { return isSoftware }
        guard let device = openGLDevice?.lowercased() else { return false }
        return Self.softwareRasterisers.contains { device.contains($0) }
    }

    /// How Mesa names its CPU rasterisers in GL_RENDERER.
    static let softwareRasterisers = ["llvmpipe", "softpipe", "software rasterizer", "swr"]
}
