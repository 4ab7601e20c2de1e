import CSDL2
import Waterfall

extension Window {
    /// Starts SDL video afresh and opens the window again on the same driver, for a screen that
    /// came back: SDL 2.26's kmsdrm reads the connector's modes and sets the CRTC only when
    /// video starts, so a screen plugged back in (or switched on again) at another size, or one
    /// whose output the kernel turned off meanwhile, is shown only by a new start.
    ///
    /// The one place the renderer is re-made: every texture on it is destroyed first (the wall's
    /// tiles, text, anything else drawn into; their owners make new ones when they next draw),
    /// and the `Renderer` object stays the same, so whoever holds it keeps a working one.
    /// Returns the new size. On failure nothing may draw (`renderer.isDetached`) until a call
    /// that succeeds.
    public func recreate() throws(ScreenError) -> Size {
        let title = SDL_GetWindowTitle(handle).map { String(cString: $0) } ?? "cascade"
        if !renderer.isDetached {
            renderer.detach()
            SDL_DestroyWindow(handle)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
        }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw ScreenError.noVideo(Window.explainNoVideo()) }
        let window = try Self.makeSDLWindow(title: title, placement: placement)
        guard let made = Renderer.makeSDLRenderer(on: window, accelerated: true, vsync: true) else {
            let error = ScreenError.sdl("SDL_CreateRenderer")
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        owner.pointer = window
        renderer.attach(made)
        do {
            try renderer.rotate(renderer.rotationToRestore)
        } catch {
            throw (error as? ScreenError) ?? ScreenError.sdl(operation: "turning the picture", message: "\(error)")
        }
        return size
    }
}
