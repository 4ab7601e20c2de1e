import CSDL2
import Waterfall

/// One SDL renderer — a window's or an offscreen canvas's — and the only door to it.
/// Everything drawn on a wall goes through here, so a window and a PNG get the same pixels.
///
/// SDL may be used from one thread only; `@MainActor` makes the compiler hold us to that.
/// Coordinates here are physical pixels; `scale` says how many per logical pixel (HiDPI).
@MainActor
public final class Renderer {
    /// Swapped for a new one only by `Window.recreate` (Renderer+Recreate), once every
    /// texture made on the old one is destroyed.
    var handle: OpaquePointer
    /// The textures alive on this renderer, so a re-created renderer can destroy them first.
    var liveTextures = LiveTextures()
    /// Physical pixels per logical pixel.
    public let scale: Double
    /// Physical pixels per point of SDL's window coordinates, as measured when the renderer was
    /// made: 2 on a Wayland output at 200 %, 1 on X11 and offscreen.
    public let drawableRatio: Double
    /// Keeps what the renderer draws into — an offscreen surface, or a window — alive for as
    /// long as the renderer exists; textures keep the renderer alive in turn, so teardown order
    /// is always textures, renderer, then the target (SDL_DestroyRenderer touches its window).
    private let target: AnyObject?

    /// Textures (tiles and cached text) made on this renderer and not yet destroyed, for the
    /// pool's budget and stats.
    public private(set) var liveTextureCount = 0
    public private(set) var liveTextureBytes = 0
    /// Textures ever created here: steady-state scrolling should not move this number.
    public private(set) var texturesCreated = 0
    /// The longest side of any texture made here, to hold a small GPU's limit to account.
    public private(set) var longestTextureSide = 0
    /// A limit on texture sides below the renderer's own (`maximumTextureSize`), so a test
    /// can stand in for a small GPU; from `CASCADE_MAX_TEXTURE` unless set.
    public var textureSideCap: Int? = Renderer.textureSideCapFromEnvironment

    /// SDL's software renderer, which draws with the CPU into the target's memory.
    public let isSoftware: Bool
    /// The pixel format tile textures holding opaque photos are made in.
    ///
    /// SDL's software renderer copies (and scales) a texture straight into its target only
    /// when both have the same pixel format and the copy does not blend (SDL_surface.c);
    /// otherwise every copy goes through a temporary surface, every frame. A window's
    /// framebuffer is usually XRGB8888 (SDL's RGB888): in memory B, G, R and an unused byte,
    /// the very bytes the decoders give, so opaque photos go into it unchanged. Other targets
    /// and GPU renderers take ARGB8888, whose alpha is then 255 everywhere.
    let opaqueTextureFormat: UInt32
    /// Where frames are drawn on a screen turned on its side (Renderer+Rotation); nil: upright.
    var rotated: RotatedTarget?

    /// - Parameter targetFormat: the pixel format of the surface or window drawn into.
    init(handle: OpaquePointer, scale: Double, drawableRatio: Double = 1, target: AnyObject?, targetFormat: UInt32) {
        self.handle = handle
        self.scale = Renderer.validScale(scale)
        self.drawableRatio = drawableRatio
        self.target = target
        var info = SDL_RendererInfo()
        let name = SDL_GetRendererInfo(handle, &info) == 0 ? info.name.map { String(cString: $0) } : nil
        isSoftware = name == "software"
        let sameBytes = [SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ARGB8888.rawValue]
        opaqueTextureFormat = isSoftware && sameBytes.contains(targetFormat) ? targetFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// A renderer for an existing SDL window (the interactive viewer). The scale is the ratio of
    /// drawable to window size unless given, so a HiDPI window draws at its physical resolution.
    public convenience init(window: OpaquePointer, accelerated: Bool = true, vsync: Bool = true,
                            scale: Double? = nil) throws {
        try self.init(window: window, owner: nil, accelerated: accelerated, vsync: vsync, scale: { scale ?? $0 })
    }

    /// `owner` is kept alive as long as the renderer: the object that destroys the window.
    /// `scale` chooses the scale from the drawable's measured pixels per window point.
    convenience init(window: OpaquePointer, owner: AnyObject?, accelerated: Bool = true, vsync: Bool = true,
                     scale: (_ drawableRatio: Double) -> Double = { $0 }) throws {
        guard let made = Self.makeSDLRenderer(on: window, accelerated: accelerated, vsync: vsync) else {
            throw ScreenError.sdl("SDL_CreateRenderer")
        }
        var measured = 1.0
        var windowWidth: Int32 = 0, windowHeight: Int32 = 0, outputWidth: Int32 = 0, outputHeight: Int32 = 0
        SDL_GetWindowSize(window, &windowWidth, &windowHeight)
        if SDL_GetRendererOutputSize(made, &outputWidth, &outputHeight) == 0, windowWidth > 0 {
            measured = Double(outputWidth) / Double(windowWidth)
        }
        self.init(handle: made, scale: scale(measured), drawableRatio: measured, target: owner,
                  targetFormat: SDL_GetWindowPixelFormat(window))
    }

    /// An SDL renderer on `window`, the software one when no accelerated one can be had.
    static func makeSDLRenderer(on window: OpaquePointer, accelerated: Bool, vsync: Bool) -> OpaquePointer? {
        if let made = SDL_CreateRenderer(window, -1, creationFlags(accelerated: accelerated, vsync: vsync)) { return made }
        // No GPU (a VM, a bare framebuffer): the software renderer draws the same wall.
        return accelerated ? SDL_CreateRenderer(window, -1, creationFlags(accelerated: false, vsync: vsync)) : nil
    }

    /// What a window's renderer is asked for. Vsync is asked of every renderer, the software
    /// fallback included: on the console (kmsdrm) presenting is a page flip, and one that does
    /// not wait for the display's refresh tears and draws frames nobody sees.
    nonisolated static func creationFlags(accelerated: Bool, vsync: Bool) -> UInt32 {
        var flags = accelerated ? SDL_RENDERER_ACCELERATED.rawValue : SDL_RENDERER_SOFTWARE.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        return flags
    }

    isolated deinit {
        if !liveTextures.detached { SDL_DestroyRenderer(handle) }
    }

    static func validScale(_ scale: Double) -> Double {
        scale.isFinite && scale >= 0.25 && scale <= 16 ? scale : 1
    }

    /// The drawable size in physical pixels.
    public var outputSize: PixelSize {
        var width: Int32 = 0, height: Int32 = 0
        SDL_GetRendererOutputSize(handle, &width, &height)
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Fills the whole target, ignoring any clip.
    public func clear(_ color: ScreenColor) {
        SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
        SDL_RenderClear(handle)
    }

    /// Fills `rect`, blending when the colour is translucent.
    public func fill(_ rect: PixelRect, color: ScreenColor) {
        guard !rect.isEmpty else { return }
        setDrawColor(color)
        var r = SDL_Rect(rect)
        SDL_RenderFillRect(handle, &r)
    }

    /// Draws a frame of `thickness` pixels just inside `rect`.
    public func outline(_ rect: PixelRect, thickness: Int, color: ScreenColor) {
        guard !rect.isEmpty, thickness > 0 else { return }
        let t = min(thickness, (min(rect.width, rect.height) + 1) / 2)
        setDrawColor(color)
        var edges = [
            SDL_Rect(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: t)),
            SDL_Rect(PixelRect(x: rect.x, y: rect.maxY - t, width: rect.width, height: t)),
            SDL_Rect(PixelRect(x: rect.x, y: rect.y + t, width: t, height: max(0, rect.height - 2 * t))),
            SDL_Rect(PixelRect(x: rect.maxX - t, y: rect.y + t, width: t, height: max(0, rect.height - 2 * t))),
        ]
        SDL_RenderFillRects(handle, &edges, Int32(edges.count))
    }

    /// A filled triangle in one colour; icons are drawn from these so they stay sharp at any scale.
    func fillTriangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), color: ScreenColor) {
        // Untextured geometry blends by the draw blend mode, which a translucent colour needs.
        setDrawColor(color)
        let tint = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
        func vertex(_ p: (Double, Double)) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(p.0), y: Float(p.1)), color: tint, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        var vertices = [vertex(a), vertex(b), vertex(c)]
        SDL_RenderGeometry(handle, nil, &vertices, 3, nil, 0)
    }

    /// Copies `source` of a texture onto `destination`, scaled, with opacity and tint.
    /// An `opaque` texture (every pixel's alpha 255, or none at all) at full opacity is copied
    /// without blending: the software renderer's plain copy, and no read of the screen
    /// underneath for OpenGL.
    func copy(_ texture: OpaquePointer, from source: PixelRect, to destination: PixelRect,
              alpha: UInt8 = 255, tint: ScreenColor? = nil, opaque: Bool = false) {
        guard !source.isEmpty, !destination.isEmpty else { return }
        var source = source, destination = destination
        if isSoftware, source.size != destination.size {
            let output = outputSize
            let bounds = PixelRect(x: 0, y: 0, width: output.width, height: output.height)
            guard let visible = EdgeClip.clip(source: source, destination: destination, to: bounds) else { return }
            (source, destination) = visible
        }
        SDL_SetTextureBlendMode(texture, opaque && alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(texture, alpha)
        let mod = tint ?? ScreenColor(red: 255, green: 255, blue: 255)
        SDL_SetTextureColorMod(texture, mod.red, mod.green, mod.blue)
        var src = SDL_Rect(source), dst = SDL_Rect(destination)
        SDL_RenderCopy(handle, texture, &src, &dst)
    }

    /// Copies `source` of a texture turned a quarter clockwise, its turned picture's top-left at
    /// `origin`: text down a narrow band (a horizontal wall's section heading). Small textures
    /// only: the software renderer turns a copy through a surface of its own.
    func copyTurnedClockwise(_ texture: OpaquePointer, from source: PixelRect, origin: (x: Int, y: Int), tint: ScreenColor) {
        guard !source.isEmpty else { return }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(texture, 255)
        SDL_SetTextureColorMod(texture, tint.red, tint.green, tint.blue)
        // SDL turns the destination about its centre: the upright rect whose turn covers the band.
        let w = Double(source.width), h = Double(source.height)
        let cx = Double(origin.x) + h / 2, cy = Double(origin.y) + w / 2
        var src = SDL_Rect(source)
        var dst = SDL_FRect(x: Float(cx - w / 2), y: Float(cy - h / 2), w: Float(w), h: Float(h))
        SDL_RenderCopyExF(handle, texture, &src, &dst, 90, nil, SDL_FLIP_NONE)
    }

    /// Runs `draw` with `texture` (made with target access) as what is drawn into, then
    /// draws into the window or canvas again.
    func drawing(into texture: OwnedTexture, _ draw: () -> Void) throws {
        guard SDL_RenderTargetSupported(handle) == SDL_TRUE else {
            throw ScreenError.sdl(operation: "SDL_RenderTargetSupported", message: "this renderer cannot draw into a texture")
        }
        guard let target = texture.handle else { throw ScreenError.destroyed }
        let previous = SDL_GetRenderTarget(handle)
        guard SDL_SetRenderTarget(handle, target) == 0 else { throw ScreenError.sdl("SDL_SetRenderTarget") }
        defer { SDL_SetRenderTarget(handle, previous) }
        draw()
    }

    /// Executes queued drawing now; needed before reading the target's memory directly.
    public func flush() {
        SDL_RenderFlush(handle)
    }

    /// Shows the frame (windows); for an offscreen canvas it only flushes.
    public func present() {
        if let rotated { presentTurned(rotated) } else { SDL_RenderPresent(handle) }
    }

    /// Reads back pixels of the current target as tightly packed B,G,R,A bytes.
    public func readPixels(in rect: PixelRect? = nil) throws -> [UInt8] {
        let size = outputSize
        let area = (rect ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height))
            .intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        guard !area.isEmpty else { return [] }
        var bytes = [UInt8](repeating: 0, count: area.width * area.height * 4)
        var r = SDL_Rect(area)
        let status = bytes.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(handle, &r, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(area.width * 4))
        }
        guard status == 0 else { throw ScreenError.sdl("SDL_RenderReadPixels") }
        return bytes
    }

    /// SDL's name for the backend ("opengl", "opengles2", "software"…) and whether presenting
    /// waits for vsync: for the log, so a slow kiosk can be told from a misconfigured one, and
    /// for the frame loop, which holds frames to the refresh itself where presenting does not.
    /// SDL's software renderer reports the vsync it was asked for, but on X11 its frames go to
    /// the server through shared memory (XShmPutImage), which never waits for a refresh.
    public var backend: (name: String, vsync: Bool) {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0 else { return ("unknown", false) }
        let onX11 = SDL_GetCurrentVideoDriver().map { String(cString: $0) == "x11" } ?? false
        let vsync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && !(isSoftware && onX11)
        return (info.name.map { String(cString: $0) } ?? "unknown", vsync)
    }

    private func setDrawColor(_ color: ScreenColor) {
        // Opaque fills skip blending: on the software renderer that is the fast plain fill.
        SDL_SetRenderDrawBlendMode(handle, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
    }

    func textureCreated(size: PixelSize) {
        let bytes = size.width * size.height * 4
        longestTextureSide = max(longestTextureSide, size.width, size.height)
        texturesCreated += 1
        liveTextureCount += 1
        liveTextureBytes += bytes
    }

    func textureDestroyed(bytes: Int) {
        liveTextureCount -= 1
        liveTextureBytes -= bytes
    }
}

extension SDL_Rect {
    init(_ r: PixelRect) {
        self.init(x: Int32(clamping: r.x), y: Int32(clamping: r.y),
                  w: Int32(clamping: r.width), h: Int32(clamping: r.height))
    }
}
