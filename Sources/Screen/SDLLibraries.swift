import CSDL2

/// One-time set-up of the SDL satellite libraries. They stay initialised for the life of the
/// process: quitting them while a font or texture might still exist would free memory under it.
@MainActor
enum SDLLibraries {
    private static var ttfReady: Bool?

    /// Initialises SDL_ttf once; false (with SDL's error set) when it cannot start.
    static func startTTF() -> Bool {
        if let ttfReady { return ttfReady }
        let ready = TTF_WasInit() > 0 || TTF_Init() == 0
        ttfReady = ready
        return ready
    }
}
