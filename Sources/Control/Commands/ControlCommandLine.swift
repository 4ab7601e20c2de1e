// How `cascade ctl` turns shell words into a request, and where it looks for the socket.

public enum ControlCommandLine {
    /// `$CASCADE_CONTROL`, else `$XDG_RUNTIME_DIR/cascade/control.sock` when that file exists
    /// (a desktop session's user unit), else the kiosk unit's `/run/cascade/control.sock`.
    public static func defaultSocketPath(environment: [String: String], fileExists: (String) -> Bool) -> String {
        if let path = environment["CASCADE_CONTROL"], !path.isEmpty { return path }
        if let path = sessionSocketPath(environment: environment), fileExists(path) { return path }
        return "/run/cascade/control.sock"
    }

    /// `$XDG_RUNTIME_DIR/cascade/control.sock`: where a desktop cascade listens when no
    /// `--control` is given, in the session's private runtime folder; nil without one.
    public static func sessionSocketPath(environment: [String: String]) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return (runtime.hasSuffix("/") ? runtime : runtime + "/") + "cascade/control.sock"
    }

    /// One argument: a whole number becomes a number, `{…}` or `[…]` is parsed as JSON,
    /// true/false become bools, anything else stays a string (so `set-columns auto` works).
    public static func argument(_ word: String) throws(JSONParseError) -> JSONValue {
        if let n = Int(word) { return .int(n) }
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        if word.hasPrefix("{") || word.hasPrefix("[") { return try JSONValue.parse(word) }
        return .string(word)
    }
}
