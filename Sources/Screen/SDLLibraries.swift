import CSDL2
import CSDLFont
import Foundation

/// One-time set-up of the SDL satellite libraries. They stay initialised for the life of the
/// process: quitting them while a font or texture might still exist would free memory under it.
@MainActor
public enum SDLLibraries {
    /// nil until tried; then nil inside when SDL_ttf is ready, else why it is not.
    private static var ttfProblem: String??

    /// SDL_ttf with FreeType, HarfBuzz and GLib takes milliseconds to map and bind: a window
    /// opens it on another thread while SDL starts, so that its first text finds it open.
    /// (`cascade_sdl_font_open` runs once whichever thread asks first, and the others wait.)
    nonisolated public static func openFontLibraryAhead() {
        Thread.detachNewThread { _ = cascade_sdl_font_open() }
    }

    /// Opens (CSDLFont) and initialises SDL_ttf once; nil when ready, else why not.
    static func startTTF() -> String? {
        if let tried = ttfProblem { return tried }
        let problem: String?
        if !cascade_sdl_font_open() {
            problem = "cannot open SDL_ttf: \(String(cString: cascade_sdl_font_error()))"
        } else if TTF_WasInit() > 0 || TTF_Init() == 0 {
            problem = nil
        } else {
            problem = SDL_GetError().map { String(cString: $0) } ?? "unknown error"
        }
        ttfProblem = .some(problem)
        return problem
    }
}
