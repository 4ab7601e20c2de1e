import CSDL2
import Waterfall

/// The picture of a screen on its side (`--rotate`), which the display itself cannot turn (a
/// Raspberry Pi's controller turns only by 180°, an X server's output may not be turned at all).
///
/// Every frame is drawn upright into this texture of the turned size, which stays the renderer's
/// target between frames, so everything that draws, measures (`outputSize`) or reads pixels back
/// sees the upright picture. Presenting copies it onto the screen turned. An upright screen has
/// none: it draws straight into the window as always, at no cost.
struct RotatedTarget {
    let rotation: ScreenRotation
    let texture: OpaquePointer
    /// The picture in physical pixels: the screen's size, sides swapped at 90 and 270.
    let size: PixelSize
    /// How SDL's software renderer turns it; nil for GPU renderers, which turn the copy for free.
    let software: SoftwareTurn?
}

extension Renderer {
    /// How the picture is turned on the screen.
    public var rotation: ScreenRotation { rotated?.rotation ?? .upright }

    /// Turns every frame from now on; upright goes back to drawing straight into the window.
    /// Throws when this renderer cannot draw into a texture (then the picture stays as it was).
    public func rotate(_ rotation: ScreenRotation) throws {
        guard rotation != self.rotation else { return }
        try makeRotatedTarget(rotation)
    }

    /// Makes the target again when the screen's size changed (a resize, another display): the
    /// picture is laid out for the new size from the next frame on.
    public func fitRotatedTarget() throws {
        guard let rotated, rotated.size != pictureSize(on: screenSize, turned: rotated.rotation) else { return }
        try makeRotatedTarget(rotated.rotation)
    }

    /// The screen's own size in physical pixels, whatever is being drawn into.
    public var screenSize: PixelSize {
        guard let rotated else { return outputSize }
        SDL_SetRenderTarget(handle, nil)
        defer { SDL_SetRenderTarget(handle, rotated.texture) }
        return outputSize
    }

    /// Reads back the screen as presenting shows it — turned — where `readPixels` reads the
    /// upright picture drawn so far.
    public func readScreenPixels() throws -> [UInt8] {
        guard let rotated else { return try readPixels() }
        SDL_SetRenderTarget(handle, nil)
        defer { SDL_SetRenderTarget(handle, rotated.texture) }
        copyTurned(rotated)
        return try readPixels()
    }

    /// Presents the picture turned, and draws into it again.
    func presentTurned(_ rotated: RotatedTarget) {
        SDL_SetRenderTarget(handle, nil)
        copyTurned(rotated)
        SDL_RenderPresent(handle)
        SDL_SetRenderTarget(handle, rotated.texture)
    }

    private func makeRotatedTarget(_ rotation: ScreenRotation) throws {
        if let old = rotated {
            SDL_SetRenderTarget(handle, nil)
            SDL_DestroyTexture(old.texture)
            if let software = old.software { SDL_DestroyTexture(software.texture) }
            rotated = nil
        }
        guard rotation != .upright else { return }
        guard SDL_RenderTargetSupported(handle) == SDL_TRUE else {
            throw ScreenError.sdl(operation: "SDL_RenderTargetSupported", message: "this renderer cannot draw into a texture, so it cannot turn the picture")
        }
        let screen = outputSize
        let size = pictureSize(on: screen, turned: rotation)
        guard let texture = SDL_CreateTexture(handle, opaqueTextureFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              Int32(max(1, size.width)), Int32(max(1, size.height))) else {
            throw ScreenError.sdl("SDL_CreateTexture")
        }
        guard SDL_SetRenderTarget(handle, texture) == 0 else {
            SDL_DestroyTexture(texture)
            throw ScreenError.sdl("SDL_SetRenderTarget")
        }
        // The turned copy replaces every pixel of the screen: no blending, nothing read beneath.
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        let software = isSoftware && rotation.turn != nil
            ? SoftwareTurn(renderer: handle, format: opaqueTextureFormat, screen: screen, picture: size) : nil
        rotated = RotatedTarget(rotation: rotation, texture: texture, size: size, software: software)
    }

    private func pictureSize(on screen: PixelSize, turned rotation: ScreenRotation) -> PixelSize {
        rotation.swapsSides ? PixelSize(width: screen.height, height: screen.width) : screen
    }

    /// Copies the picture onto the screen (the current target) turned about the screen's centre.
    /// SDL turns the destination rectangle about its own centre, so the rectangle is the
    /// picture's, centred on the screen.
    private func copyTurned(_ rotated: RotatedTarget) {
        let screen = outputSize
        if pictureSize(on: screen, turned: rotated.rotation) != rotated.size {
            // A frame drawn before the target followed a resize: the bare edges are black.
            SDL_SetRenderDrawColor(handle, 0, 0, 0, 255)
            SDL_RenderClear(handle)
        }
        if let software = rotated.software, let turn = rotated.rotation.turn, software.screen == screen {
            SDL_SetRenderTarget(handle, rotated.texture)
            let turned = software.turn(turn, from: handle)
            SDL_SetRenderTarget(handle, nil)
            if turned {
                SDL_RenderCopy(handle, software.texture, nil, nil)
                return
            }
        }
        var destination = SDL_FRect(x: Float(screen.width - rotated.size.width) / 2, y: Float(screen.height - rotated.size.height) / 2,
                                    w: Float(rotated.size.width), h: Float(rotated.size.height))
        SDL_RenderCopyExF(handle, rotated.texture, nil, &destination, Double(rotated.rotation.degrees), nil, SDL_FLIP_NONE)
    }
}
