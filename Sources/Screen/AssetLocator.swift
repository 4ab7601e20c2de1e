import Glibc

/// Finds cascade's `assets/` folder (sample photos, and whatever else ships beside the binary).
public enum AssetLocator {
    /// Names the assets folder explicitly; wins over every other place.
    public static let environmentVariable = "CASCADE_ASSETS"
    /// Where packages install the assets.
    public static let systemDirectories = ["/usr/local/share/cascade", "/usr/share/cascade"]
    /// How many folders above the executable to look for `assets/`: enough for
    /// `<repo>/.build/<triple>/release/cascade`, not so many that an unrelated `/assets` is found.
    static let levelsAboveExecutable = 4

    /// The assets folder: `CASCADE_ASSETS` if it is a folder, else `PREFIX/share/cascade` for an
    /// executable in `PREFIX/bin`, else an `assets/` folder next to the executable or up to four
    /// levels above it (a `swift build` tree: `.build/release/cascade`
    /// → the repository's `assets/`), else the first system directory that exists; nil if none.
    public static func locate(environment: [String: String]? = nil,
                              executablePath: String? = AssetLocator.currentExecutablePath(),
                              systemDirectories: [String] = AssetLocator.systemDirectories) -> String? {
        candidates(environment: environment, executablePath: executablePath, systemDirectories: systemDirectories)
            .first(where: isDirectory)
    }

    /// Every place `locate` looks, in order — for an error message that says where it looked.
    public static func candidates(environment: [String: String]? = nil,
                                  executablePath: String? = AssetLocator.currentExecutablePath(),
                                  systemDirectories: [String] = AssetLocator.systemDirectories) -> [String] {
        var places: [String] = []
        let override = environment.map { $0[environmentVariable] } ?? getenv(environmentVariable).map { String(cString: $0) }
        if let override, !override.isEmpty { places.append(override) }
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            var folder = String(executablePath[..<slash])
            // Installed under a prefix (`script/install`: PREFIX/bin/cascade and
            // PREFIX/share/cascade), before any `assets/` above it: `~/.local/bin/cascade` must
            // not take an unrelated `~/assets` for its own.
            if let binSlash = folder.lastIndex(of: "/"), folder[folder.index(after: binSlash)...] == "bin" {
                places.append(folder[..<binSlash] + "/share/cascade")
            }
            // Never the root's `/assets`: that belongs to whoever made it, not to cascade.
            for _ in 0 ... levelsAboveExecutable where !folder.isEmpty {
                places.append(folder + "/assets")
                folder = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
            }
        }
        places.append(contentsOf: systemDirectories)
        return places
    }

    /// The running executable's real path (symlinks resolved), from `/proc/self/exe`.
    public static func currentExecutablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
