// The configuration files of `cascade view`, merged: /etc/cascade/cascade.toml, then the user's
// $XDG_CONFIG_HOME/cascade/config.toml overriding it key by key — or only the file given with
// --config. The command line wins over both: the settings become words that go before it, and
// ArgumentParser keeps the last value of an option.

public struct Configuration: Sendable, Equatable {
    public static let systemFile = "/etc/cascade/cascade.toml"

    /// The merged settings: each key once, from the last file that sets it.
    public private(set) var settings: [ConfigSetting] = []
    /// The `[keys]` bindings, those of a later file first (the first binding a key matches wins).
    public private(set) var keyBindings: [ConfigKeyBinding] = []
    /// The folders and commands for acting on photos; a later file's list replaces an earlier one's.
    public private(set) var actions = ConfigActions()
    /// The `[mqtt]` table; a later file's replaces an earlier one's.
    public private(set) var mqtt: ConfigMqtt?
    /// The `[sources.immich]` table; a later file's replaces an earlier one's.
    public private(set) var immich: ConfigImmich?
    /// The files that were there and read, in order.
    public private(set) var files: [String] = []

    public init() {}

    /// The user's file: $XDG_CONFIG_HOME (when absolute, as the XDG spec requires) or ~/.config.
    public static func userFile(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/cascade/config.toml" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/cascade/config.toml" }
        return nil
    }

    /// Reads `explicitFile` alone (it must exist), or else the default files that exist.
    public static func load(explicitFile: String?, environment: [String: String], systemFile: String = systemFile,
                            keys: () -> [ConfigKey]) throws(ConfigError) -> Configuration {
        var configuration = Configuration()
        if let explicitFile {
            if explicitFile.isEmpty { throw ConfigError(file: "--config", message: "needs a file name") }
            try configuration.merge(file: explicitFile, mustExist: true, keys: keys)
            return configuration
        }
        try configuration.merge(file: systemFile, mustExist: false, keys: keys)
        if let user = userFile(environment: environment) {
            try configuration.merge(file: user, mustExist: false, keys: keys)
        }
        return configuration
    }

    mutating func merge(file: String, mustExist: Bool, keys: () -> [ConfigKey]) throws(ConfigError) {
        guard let read = try ConfigFile.readDocument(file, mustExist: mustExist, keys: keys) else { return }
        files.append(file)
        merge(read.settings)
        keyBindings = read.keyBindings + keyBindings
        if let destinations = read.actions.destinations { actions.destinations = destinations }
        if let commands = read.actions.commands { actions.commands = commands }
        if let table = read.mqtt { mqtt = table }
        if let table = read.immich { immich = table }
    }

    /// Later settings replace earlier ones of the same key — replace, not add: `kiosk = false`
    /// in the user's file must undo `kiosk = true` in the system's, and `false` adds no word.
    mutating func merge(_ later: [ConfigSetting]) {
        let replaced = Set(later.map(\.key.name))
        settings.removeAll { replaced.contains($0.key.name) }
        settings.append(contentsOf: later)
    }

    /// For a reload: the settings a running viewer cannot change go back to what it runs with.
    /// Returns one line for each that was changed in the files, saying what happens instead.
    public mutating func keepRestartOnly(from running: Configuration) -> [String] {
        var notes: [String] = []
        let names = Set((settings + running.settings).filter { $0.key.restartOnly != nil }.map(\.key.name))
        for name in names.sorted() {
            let new = settings.first { $0.key.name == name }, old = running.settings.first { $0.key.name == name }
            guard (new?.words ?? []) != (old?.words ?? []), let key = (new ?? old)?.key, let consequence = key.restartOnly else { continue }
            settings.removeAll { $0.key.name == name }
            if let old { settings.append(old) }
            notes.append("'\(name)' changes only on restart; \(consequence)")
        }
        return notes
    }

    /// The words to parse: the settings' options, then the command line, then the configured
    /// paths when the command line names none.
    public func arguments(before commandLine: [String], commandLineNamesPaths: Bool) -> [String] {
        var words = settings.filter { $0.key.kind != .paths }.flatMap(\.words)
        words += commandLine
        if !commandLineNamesPaths, let paths = settings.first(where: { $0.key.kind == .paths })?.words, !paths.isEmpty {
            // After "--" a path that starts with a dash is still a path.
            if !commandLine.contains("--") { words.append("--") }
            words += paths
        }
        return words
    }
}
