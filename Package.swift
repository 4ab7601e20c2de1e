// swift-tools-version:6.0
// cascade — a waterfall photo wall for Linux screens.
// Layers, imports go downward only:
//   cascade (executable) → App → Screen / Photos / Control → Kiosk → Waterfall (pure core)
//   → InputLimits; App → Immich (an Immich server synced into a folder). Kiosk and Waterfall are pure: no SDL, files or clocks.
import PackageDescription

let package = Package(
    name: "cascade",
    products: [
        .executable(name: "cascade", targets: ["cascade"]),
        .library(name: "Waterfall", targets: ["Waterfall"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The control socket (docs/control.md): event loop, Unix sockets, line framing.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The configuration file (toml++ underneath).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Immich as a photo source (docs/immich.md): HTTPS with certificate checks, timeouts, limits.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Comes with async-http-client; named so that `ca-file` can build a TLS configuration.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
    ],
    targets: [
        // The ranges every number a user gives is checked against, on the command line, in the
        // configuration file and on the control socket alike.
        .target(name: "InputLimits"),
        // The pure core: geometry, layout, visibility, reuse pool, scrolling, gestures, the view.
        .target(name: "Waterfall", dependencies: ["InputLimits"]),
        // What a kiosk and a photo frame decide, pure like the core beneath it: when the screen
        // sleeps (schedule, idle power), which photo comes next (the fair shuffle), how a slide
        // moves and for how long, the idle drift of the wall.
        .target(name: "Kiosk", dependencies: ["Waterfall"]),

        // C libraries, found through pkg-config; the apt package names are in script/bootstrap.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // HEIC and AVIF (libde265 and dav1d underneath) and JPEG XL, decoded in the worker
        // processes only, and opened there on the first such photo rather than linked: their
        // fifteen libraries are most of a process's start (CLazyLibrary). Headers from
        // libheif-dev and libjxl-dev; at run time libheif1 and libjxl0.7.
        .target(name: "CLazyLibrary"),
        .target(name: "CHeif", dependencies: ["CLazyLibrary"]),
        .target(name: "CJXL", dependencies: ["CLazyLibrary"]),
        // SDL_image (GIF, BMP, TIFF) and SDL_ttf (text) the same way: with their libraries
        // (libtiff, FreeType, HarfBuzz, GLib…) they were a fifth of the viewer's start.
        .target(name: "CSDLImage", dependencies: ["CLazyLibrary", "CSDL2"]),
        .target(name: "CSDLFont", dependencies: ["CLazyLibrary", "CSDL2"]),
        .systemLibrary(name: "CLcms", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // giflib ships no pkg-config file; the module map links -lgif.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        // statfs(2) for the kind of a folder's file system (a network mount or not): libc's.
        .systemLibrary(name: "CStatfs"),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // MD5 for freedesktop thumbnail names, from libmd: already in every process (libbsd, under
        // Xlib), where libcrypto was a large library loaded for one function.
        .systemLibrary(name: "CDigest", pkgConfig: "libmd", providers: [.apt(["libmd-dev"])]),
        // The photo index (library.sqlite3 in the user's cache): headers kept between starts.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CIsal", pkgConfig: "libisal", providers: [.apt(["libisal-dev"])]),
        // libpng reports errors by longjmp, which Swift cannot catch: this C layer sets the
        // setjmp at every entry point of reading (thumbnails and PNG photos). Writing (walls and
        // thumbnails) is by hand over ISA-L's deflate, four times zlib's speed (png_writer.c).
        .target(name: "CPNGCodec", dependencies: ["CPNG", "CIsal"]),
        // The screen's power (DPMS) through the display SDL already has: X11's DPMS extension or
        // the DRM connector. In C so that SDL_syswm.h's Xlib names stay out of Swift.
        .systemLibrary(name: "CXext", pkgConfig: "xext", providers: [.apt(["libxext-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // Touch screens on the console, with the kernel's timestamps (SDL stamps events when it
        // reads them) and udev's calibration.
        // Opened when the console's touch starts (CLazyLibrary); headers from libinput-dev and
        // libudev-dev.
        .target(name: "CInput", dependencies: ["CLazyLibrary"]),
        // Touch screens on the console where libinput cannot start, read from the kernel's event
        // devices (linux/input.h ioctls, which Swift cannot call: ioctl is variadic).
        .target(name: "CEvdev"),
        .target(name: "CDisplayPower", dependencies: ["CSDL2", "CXext", "CDRM"], linkerSettings: [.linkedLibrary("X11")]),
        // Xlib for the SDL window on X11 where SDL 2.26 falls short (a UTF-8 title in any locale,
        // full screen without a window manager). libx11-dev comes with libsdl2-dev.
        .target(name: "CX11Window", dependencies: ["CSDL2"], linkerSettings: [.linkedLibrary("X11")]),
        // HDMI-CEC (`--cec`): the TV told when the screen goes off and on, through the kernel's
        // /dev/cec* ioctls (linux/cec.h), which Swift cannot call (ioctl is variadic).
        .target(name: "CCec"),
        // MQTT (`--mqtt`, docs/home-assistant.md) through libmosquitto, the Eclipse Mosquitto
        // project's client: no Swift MQTT package is at hand, and this one is Debian's, kept with
        // the broker. Opened only when `--mqtt` is given (CLazyLibrary): with OpenSSL under it, it
        // would be time at every start of a wall that talks to no broker. Headers from
        // libmosquitto-dev; at run time libmosquitto1.
        .target(name: "CMosquitto", dependencies: ["CLazyLibrary"]),

        // Starting child processes cleanly (signals, descriptors): decode workers and on-select
        // commands alike.
        .target(name: "Spawn"),
        // Values shared between threads, behind a lock ThreadSanitizer can see.
        .target(name: "Locking", dependencies: [.product(name: "NIOConcurrencyHelpers", package: "swift-nio")]),
        .target(name: "CacheHome"),
        // Files holding a secret (an API key, a password): read bounded, checked for who else
        // may read them; beneath both Immich and Control, which name such files.
        .target(name: "SecretFile"),

        .target(name: "Photos", dependencies: [
            "Waterfall", "Kiosk", "Spawn", "Locking", "CacheHome", "CTurboJPEG", "CWebP", "CExif", "CHeif", "CJXL", "CLcms", "CGif", "CPNG", "CPNGCodec", "CIsal", "CDigest", "CSDL2", "CSDLImage", "CSQLite", "CStatfs",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Screen", dependencies: [
            "Waterfall", "Locking", "CSDL2", "CSDLFont", "CPNGCodec", "CX11Window", "CDisplayPower", "CInput", "CEvdev", "CDRM", "CCec",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Talking to other programs: the JSON control socket and its client, systemd's notify
        // protocol, on-select commands. Knows nothing of SDL or photos' pixels.
        .target(name: "Control", dependencies: [
            // The socket checks its arguments against the same ranges as the command line;
            // commands name the engine's cursor moves.
            "InputLimits", "Waterfall", "Spawn", "Locking", "CMosquitto", "SecretFile",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // An Immich server as a photo source: its assets synced into a local folder, which the
        // app then shows like any folder (docs/immich.md).
        .target(name: "Immich", dependencies: [
            "CExif", "CacheHome", "SecretFile",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        .target(name: "App", dependencies: [
            "Waterfall", "Kiosk", "InputLimits", "Photos", "Screen", "Control", "Locking", "Immich",
            .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "cascade", dependencies: [
            "App",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // What the test targets share: temporary folders, a log recorder, the real binary and its
        // child processes, a private X server, photo, EXIF and colour-profile fixtures.
        .target(name: "TestSupport", dependencies: [
            "Photos", "Waterfall", "Locking", "CLcms", "CSQLite",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/TestSupport"),
        .testTarget(name: "WaterfallTests", dependencies: ["Waterfall", "InputLimits"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "Waterfall"]),
        .testTarget(name: "PhotosTests", dependencies: ["Photos", "Waterfall", "Kiosk", "TestSupport", "CIsal", "Locking"]),
        .testTarget(name: "ScreenTests", dependencies: ["Screen", "CSDLImage", "TestSupport"]),
        .testTarget(name: "ControlTests", dependencies: ["Control", "TestSupport", "Locking"]),
        .testTarget(name: "ImmichTests", dependencies: ["Immich", "Photos", "TestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Control", "InputLimits", "TestSupport", "Locking"]),
        // The real binary driven from outside, in a private X server: script/dev/run-tests runs these
        // suites one at a time, after the rest.
        .testTarget(name: "EndToEndTests", dependencies: ["App", "Control", "Photos", "Waterfall", "Kiosk", "InputLimits", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (script/dev/fuzz). They define LLVMFuzzerTestOneInput and no main(): only a
// `-sanitize=fuzzer` link, which brings libFuzzer's main, can link them, so a plain
// `swift build` must never see them. They exist only when CASCADE_FUZZ=1 is set.
if Context.environment["CASCADE_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(name: "ProbeFuzzer", dependencies: ["Photos"], path: "Fuzz/ProbeFuzzer"),
        .executableTarget(name: "ExifFuzzer", dependencies: ["Photos"], path: "Fuzz/ExifFuzzer"),
        .executableTarget(name: "FramesFuzzer", dependencies: ["Photos", "Waterfall"], path: "Fuzz/FramesFuzzer"),
        .executableTarget(name: "PNGFuzzer", dependencies: ["Photos"], path: "Fuzz/PNGFuzzer"),
        .executableTarget(name: "SavedStateFuzzer", dependencies: [
            "Photos", "Kiosk", "CSQLite", .product(name: "Logging", package: "swift-log"),
        ], path: "Fuzz/SavedStateFuzzer"),
    ]
}

// The sanitizer builds (script/dev/sanitize) run the unit and SDL tests only: the end-to-end
// suites drive the plain binary from outside, so compiling them there (the largest test target)
// would cost every sanitizer build minutes for nothing. Only with CASCADE_UNIT_TESTS_ONLY=1.
if Context.environment["CASCADE_UNIT_TESTS_ONLY"] == "1" {
    package.targets.removeAll { $0.name == "EndToEndTests" }
}
