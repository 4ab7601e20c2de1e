import Glibc

/// Finds the caption font at run time. cascade does not bundle a font: DejaVu Sans ships with
/// every desktop and most minimal installs (Debian: fonts-dejavu-core), under one of a few
/// well-known paths depending on the distribution.
public enum FontLocator {
    /// Names a TrueType/OpenType file to use instead of the search.
    public static let environmentVariable = "CASCADE_FONT"

    /// Where distributions put DejaVu Sans: Debian/Ubuntu, Fedora, Arch, openSUSE, Alpine, BSD ports.
    public static let knownPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/DejaVuSans.ttf",
        "/usr/share/fonts/ttf-dejavu/DejaVuSans.ttf",
        "/usr/local/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/local/share/fonts/DejaVuSans.ttf",
    ]

    /// The font file to use: `CASCADE_FONT` when it names a readable file, else the first
    /// readable known path, else nil (captions off).
    public static func locate(environment: [String: String]? = nil,
                              candidates: [String] = FontLocator.knownPaths) -> String? {
        let override = environment.map { $0[environmentVariable] } ?? getenv(environmentVariable).map { String(cString: $0) }
        if let override, !override.isEmpty, isReadableFile(override) { return override }
        return candidates.first(where: isReadableFile)
    }

    static func isReadableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }
}
