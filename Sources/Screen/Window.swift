import CSDL2
import CX11Window
import Waterfall

/// The one window cascade draws into, on whichever video driver SDL can start: x11, wayland,
/// kmsdrm (the bare console of a kiosk), or dummy (tests). Sizes here are logical pixels —
/// what the wall lays out in and what input events report; the renderer draws in physical
/// pixels, `renderer.scale` apart (HiDPI, chosen by `ScaleChoice`). SDL's own window
/// coordinates are X11's pixels but Wayland's points, logical pixels only at one scale, so
/// every size and point SDL gives is turned into logical pixels here and in `EventSource`, by
/// `logicalPerWindowPoint`.
@MainActor
public final class Window {
    /// Destroys the SDL window when the last of the window and its renderer is gone: a texture
    /// kept somewhere keeps the renderer, and the renderer keeps this.
    @MainActor final class Handle {
        /// Replaced by `recreate` (Window+Recreate), after it destroyed the old window itself.
        var pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        isolated deinit { SDL_DestroyWindow(pointer) }
    }

    let owner: Handle
    var handle: OpaquePointer { owner.pointer }
    /// How the window was asked for, for `recreate`.
    let placement: Placement
    public let renderer: Renderer
    /// The SDL video driver in use ("x11", "wayland", "kmsdrm", "dummy"…).
    public let driver: String
    /// SDL's software renderer was asked for because this desktop has no GPU (`RendererChoice`).
    public let prefersSoftwareRenderer: Bool
    /// Where the window was before cascade itself made it cover the screen (X11 without a
    /// window manager, see `setFullscreen`); nil when it did not.
    private var windowedFrame: SDL_Rect?
    /// The scale the interface is drawn at (`renderer.scale`) and what chose it.
    public let scaleChoice: ScaleChoice.Choice

    /// How the window asks for its size.
    public enum Placement: Sendable, Equatable {
        case windowed(width: Int, height: Int)
        /// Desktop-sized full screen: no mode switch, so leaving it is instant.
        case fullscreen
    }

    /// Starts SDL video and opens the window. On failure the error says which drivers were
    /// tried and what to do, for the person who runs cascade over ssh without a display.
    ///
    /// - Parameter scale: `--scale`, which wins over what the desktop says (`ScaleChoice`).
    public init(title: String, placement: Placement, applicationClass: String = "cascade", scale: Double? = nil) throws {
        // The WM class lets window managers, docks and `xdotool search --class` find us; SDL 2
        // reads it from these hints (X11 and Wayland) when the window is created.
        SDL_SetHint("SDL_VIDEO_X11_WMCLASS", applicationClass)
        SDL_SetHint("SDL_VIDEO_WAYLAND_WMCLASS", applicationClass)
        SDL_SetHint(SDL_HINT_APP_NAME, applicationClass)
        // A finger is a pointer of its own; SDL's fake mouse events from touches would make
        // every tap count twice, and its fake touches from the mouse likewise.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        // On the desktop a wall nobody touches lets the screensaver run (SDL blocks it by
        // default); a kiosk turns blanking off in its own session settings.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // The frame loop blocks in SDL_WaitEvent while idle; SIGINT and SIGTERM must reach
        // the app as quit events rather than be swallowed by SDL's default handler.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "0")
        // A full-screen window needs no title bar. A compositor that offers xdg-decoration yet
        // asks the client to draw its own (cage does, unless started with -d) makes SDL 2.26
        // hide the window and hand it to libdecor, which without a plugin never shows it again:
        // a black kiosk. Left at SDL's default for windows, where GNOME needs libdecor's frame.
        if placement == .fullscreen, SDL_getenv("SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR") == nil {
            SDL_SetHint("SDL_VIDEO_WAYLAND_ALLOW_LIBDECOR", "0")
        }

        // Left to itself SDL falls back to its invisible "offscreen" driver when nothing else
        // starts — a viewer running forever with no window. Only real screens are tried unless
        // SDL_VIDEODRIVER names one (dummy in tests).
        if SDL_getenv("SDL_VIDEODRIVER") == nil {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, Window.screenDrivers.joined(separator: ","))
        }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw ScreenError.noVideo(Window.explainNoVideo())
        }
        driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        prefersSoftwareRenderer = RendererChoice.prefersSoftware(on: RendererChoice.thisMachine(videoDriver: driver))
        if prefersSoftwareRenderer { RendererChoice.useSoftwareRenderer() }

        self.placement = placement
        let window = try Self.makeSDLWindow(title: title, placement: placement)
        let owner = Handle(window)
        self.owner = owner
        Self.correctX11Title(window, title)
        let xftDPI = Self.xftDPI(window)
        var choice = ScaleChoice.Choice(scale: 1, source: .standard)
        let driver = driver
        do {
            renderer = try Renderer(window: window, owner: owner, scale: { ratio in
                choice = ScaleChoice.choose(.init(requested: scale, environment: Self.scaleEnvironment(), xftDPI: xftDPI,
                                                  videoDriver: driver, drawableRatio: ratio))
                return choice.scale
            })
            scaleChoice = choice
        } catch {
            // The window is destroyed with `owner`; SDL video stays up for the process's last moments.
            throw error
        }
    }

    /// Makes the SDL window for `placement`; on failure SDL video is stopped again.
    static func makeSDLWindow(title: String, placement: Placement) throws(ScreenError) -> OpaquePointer {
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var width: Int32 = 0, height: Int32 = 0
        switch placement {
        case let .windowed(w, h):
            width = Int32(clamping: max(1, w)); height = Int32(clamping: max(1, h))
        case .fullscreen:
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            var mode = SDL_DisplayMode()
            if SDL_GetDesktopDisplayMode(0, &mode) == 0 { width = mode.w; height = mode.h } else { width = 1280; height = 800 }
        }
        let centred = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = SDL_CreateWindow(title, centred, centred, width, height, flags) else {
            let error = ScreenError.sdl("SDL_CreateWindow")
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        return window
    }

    /// The picture's size in logical pixels (the wall's coordinate space): the window's,
    /// sides swapped when the picture is turned on its side (Window+Rotation).
    public var size: Size { rotation.logicalSize(ofPhysical: screenSize) }

    /// The window's own size in logical pixels, as the screen has it, before any turn.
    public var screenSize: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        func logical(_ points: Int32) -> Double {
            ScaleChoice.logicalPixels(Double(max(0, points)), drawableRatio: renderer.drawableRatio, scale: renderer.scale)
        }
        return Size(width: logical(w), height: logical(h))
    }

    /// Logical pixels per point of SDL's window coordinates (its sizes, the mouse's position).
    public var logicalPerWindowPoint: Double {
        ScaleChoice.logicalPerWindowPoint(drawableRatio: renderer.drawableRatio, scale: renderer.scale)
    }

    /// The variables desktops set for the toolkits' scale, as `ScaleChoice` reads them.
    private static func scaleEnvironment() -> [String: String] {
        var found: [String: String] = [:]
        for name in ["GDK_SCALE", "QT_SCALE_FACTOR"] {
            if let value = SDL_getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }

    /// The X server's `Xft.dpi` resource; nil off X11 or when it has none.
    private static func xftDPI(_ window: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard cascade_x11_xft_dpi(window, &buffer, buffer.count) == 1 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The icon window managers and task bars show for the window, from pixels in memory order
    /// B, G, R, A (`DecodedImage`'s). Desktop environments find the installed icon through the
    /// desktop file; a bare window manager (openbox, i3's bar, xfwm with no entry) knows only this.
    public func setIcon(width: Int, height: Int, stride: Int, bgra pixels: [UInt8]) {
        guard width > 0, height > 0, stride >= width * 4, pixels.count >= stride * height else { return }
        var copy = pixels
        copy.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(bytes.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(stride), SDL_PIXELFORMAT_ARGB8888.rawValue) else { return }
            // SDL copies the pixels into the window system's property: the surface may go.
            SDL_SetWindowIcon(handle, surface)
            SDL_FreeSurface(surface)
        }
    }

    public func setTitle(_ title: String) {
        SDL_SetWindowTitle(handle, title)
        Self.correctX11Title(handle, title)
    }

    /// SDL 2.26 writes an X11 title through Xlib's locale conversions, and the process stays in
    /// the C locale (neither cascade nor SDL calls setlocale): there `_NET_WM_NAME` is left out
    /// and `WM_NAME` holds raw UTF-8 typed as Latin-1 ("cascade â…" in openbox), whatever LANG
    /// says. Both are written again here, correctly typed. (Wayland takes the UTF-8 title as it is.)
    private static func correctX11Title(_ window: OpaquePointer, _ title: String) {
        let utf8 = Array(title.utf8)
        let latin1 = title.unicodeScalars.allSatisfy({ $0.value <= 0xFF })
            ? title.unicodeScalars.map { UInt8($0.value) } : nil
        utf8.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { chars in
                if let latin1 {
                    _ = cascade_x11_set_title(window, chars.baseAddress, chars.count, latin1, latin1.count)
                } else {
                    _ = cascade_x11_set_title(window, chars.baseAddress, chars.count, nil, 0)
                }
            }
        }
    }

    public var isFullscreen: Bool {
        windowedFrame != nil || SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
    }

    /// Full screen is asked of the window manager, and the layout follows the size-changed
    /// events the window really gets. On X11 with no window manager nobody would honour the
    /// request, yet SDL 2.26 reports the display's size at once (a 1920-wide wall in a 1280×800
    /// window): there cascade moves and sizes the window over the display itself, which X does
    /// at once without a window manager, and puts it back when full screen ends.
    public func setFullscreen(_ on: Bool) {
        if let frame = windowedFrame {
            guard !on else { return }
            windowedFrame = nil
            SDL_SetWindowSize(handle, frame.w, frame.h)
            SDL_SetWindowPosition(handle, frame.x, frame.y)
            return
        }
        if on, !isFullscreen, cascade_x11_has_window_manager(handle) == 0 {
            var bounds = SDL_Rect(), frame = SDL_Rect()
            guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(handle)), &bounds) == 0 else { return }
            SDL_GetWindowPosition(handle, &frame.x, &frame.y)
            SDL_GetWindowSize(handle, &frame.w, &frame.h)
            windowedFrame = frame
            SDL_SetWindowPosition(handle, bounds.x, bounds.y)
            SDL_SetWindowSize(handle, bounds.w, bounds.h)
            SDL_RaiseWindow(handle)
            return
        }
        SDL_SetWindowFullscreen(handle, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
    }

    /// A kiosk keeps its screen lit: the display is the product, not a desktop left alone.
    /// Puts `text` on the clipboard (X11's CLIPBOARD selection, Wayland's); false where the
    /// video driver has none (the console, the dummy driver).
    public func setClipboard(_ text: String) -> Bool {
        SDL_SetClipboardText(text) == 0
    }

    public func keepScreenOn() {
        SDL_DisableScreenSaver()
    }

    public func showCursor(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }

    /// The display's refresh rate; 60 when the driver does not say (dummy, some VMs).
    public var refreshRate: Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(handle)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0 else { return 60 }
        return Double(mode.refresh_rate)
    }

    /// The drivers that put pixels in front of a person, in the order they are tried.
    public static let screenDrivers = ["x11", "wayland", "kmsdrm"]

    /// What SDL says when no driver starts, plus what usually fixes it.
    static func explainNoVideo() -> String {
        let sdl = SDL_GetError().map { String(cString: $0) } ?? ""
        let requested = SDL_getenv("SDL_VIDEODRIVER").map { String(cString: $0) }
        let tried = requested.map { "SDL_VIDEODRIVER=\($0)" } ?? "tried \(screenDrivers.joined(separator: ", "))"
        return "cannot open a window: no video driver could start (\(tried); SDL: \(sdl.isEmpty ? "no reason given" : sdl)). "
            + "Run cascade in an X11 or Wayland session, or on the console with SDL_VIDEODRIVER=kmsdrm "
            + "as a user in the video and input groups; `cascade render` needs no display."
    }
}

extension Window {
    /// Where the mouse pointer is over the window, in logical pixels (nil when it is elsewhere):
    /// wheel zoom in the detail view happens about it.
    /// Whether a Shift key is held now, as SDL last heard from the keyboard.
    public var shiftHeld: Bool { SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0 }

    public func pointerLocation() -> Point? {
        guard SDL_GetMouseFocus() == handle else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        let logical = logicalPerWindowPoint
        return rotation.logicalPoint(Point(x: Double(x) * logical, y: Double(y) * logical), onPhysical: screenSize)
    }
}
