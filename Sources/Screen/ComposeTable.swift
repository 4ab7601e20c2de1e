import Glibc

/// cascade reads keys, never text. Yet when SDL's video starts it opens an input method (Xlib's
/// XOpenIM on X11, xkbcommon's compose state on Wayland), and that parses the locale's whole
/// Compose file — 6,000 lines for en_US.UTF-8 or C.UTF-8, 15–20 ms of the main thread at every
/// start, a tenth of a warm start to a full screen. Both libraries read the file named by
/// XCOMPOSEFILE instead when it is set, so for SDL's start it names an empty one. Keys and their
/// keysyms are unchanged; only dead-key and Compose sequences, which cascade binds to nothing,
/// stop composing. A user who set XCOMPOSEFILE keeps theirs.
public enum ComposeTable {
    private static let variable = "XCOMPOSEFILE"

    /// Call on the main thread before any other thread starts: setenv(3) must not race with
    /// getenv. True when the empty table was set up, and `restore()` is owed once SDL is up.
    public static func skipForStart() -> Bool {
        guard getenv(variable) == nil else { return false }
        return setenv(variable, "/dev/null", 0) == 0
    }

    /// Once SDL's video is up: on-select commands and decode workers get the user's own
    /// environment. unsetenv moves only the entries after this one, and setenv put it last, so
    /// a getenv on another thread meanwhile still finds every other variable where it was.
    public static func restore() {
        unsetenv(variable)
    }
}
