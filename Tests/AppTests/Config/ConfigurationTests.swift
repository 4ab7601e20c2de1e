import App
import Foundation
import Testing
@testable import TestSupport

@Suite("configuration: which files, in which order, and the command line last")
struct ConfigurationTests {
    @Test("the user's file overrides the system's key by key; false undoes true")
    func userOverridesSystem() throws {
        let folder = TemporaryFolder("cascade-config")
        let system = try folder.file("etc/cascade.toml", "kiosk = true\ncolumns = 3\nmargin = 4\n")
        try folder.file("xdg/cascade/config.toml", "kiosk = false\nmargin = 6\n")
        let configuration = try Configuration.load(explicitFile: nil, environment: ["XDG_CONFIG_HOME": folder.path + "/xdg"],
                                                   systemFile: system, keys: { viewKeys })
        #expect(configuration.files == [system, folder.path + "/xdg/cascade/config.toml"])
        #expect(configuration.arguments(before: [], commandLineNamesPaths: false) == ["--columns=3", "--no-kiosk", "--margin=6"])
    }

    @Test("the user's file is in ~/.config without XDG_CONFIG_HOME, or with a relative one")
    func userFileLocation() {
        #expect(Configuration.userFile(environment: ["HOME": "/home/ann"]) == "/home/ann/.config/cascade/config.toml")
        #expect(Configuration.userFile(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "rel"]) == "/home/ann/.config/cascade/config.toml")
        #expect(Configuration.userFile(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"]) == "/cfg/cascade/config.toml")
        #expect(Configuration.userFile(environment: [:]) == nil)
    }

    @Test("--config reads that file only; missing default files are no error")
    func explicitFileOnly() throws {
        let folder = TemporaryFolder("cascade-config")
        let system = try folder.file("etc/cascade.toml", "kiosk = true\n")
        try folder.file("xdg/cascade/config.toml", "margin = 6\n")
        let mine = try folder.file("mine.toml", "columns = 2\n")
        let environment = ["XDG_CONFIG_HOME": folder.path + "/xdg"]
        let only = try Configuration.load(explicitFile: mine, environment: environment, systemFile: system, keys: { viewKeys })
        #expect(only.files == [mine])
        #expect(only.arguments(before: [], commandLineNamesPaths: false) == ["--columns=2"])
        let none = try Configuration.load(explicitFile: nil, environment: ["XDG_CONFIG_HOME": folder.path + "/nothing"],
                                          systemFile: folder.path + "/no/such.toml", keys: { viewKeys })
        #expect(none.files.isEmpty)
        #expect(throws: ConfigError.self) { try Configuration.load(explicitFile: folder.path + "/gone.toml", environment: environment, keys: { viewKeys }) }
    }

    @Test("the command line comes after the files, and the configured paths only when it names none")
    func commandLineLast() throws {
        let folder = TemporaryFolder("cascade-config")
        let file = try folder.file("c.toml", "paths = ['/srv/photos', '/srv/-dash']\ncolumns = 2\n")
        let configuration = try Configuration.load(explicitFile: file, environment: [:], keys: { viewKeys })
        #expect(configuration.arguments(before: ["--columns", "5"], commandLineNamesPaths: false)
            == ["--columns=2", "--columns", "5", "--", "/srv/photos", "/srv/-dash"])
        #expect(configuration.arguments(before: ["/mine"], commandLineNamesPaths: true) == ["--columns=2", "/mine"])
        #expect(configuration.arguments(before: ["--stats", "--"], commandLineNamesPaths: false)
            == ["--columns=2", "--stats", "--", "/srv/photos", "/srv/-dash"])
    }

    @Test("a reload keeps what only a restart changes, says so, and takes the rest")
    func reloadKeepsRestartOnlySettings() throws {
        let folder = TemporaryFolder("cascade-config-reload")
        let file = try folder.file("c.toml", "kiosk = true\ncolumns = 3\ngeometry = \"800x600\"\n")
        let running = try Configuration.load(explicitFile: file, environment: [:], keys: { viewKeys })
        try folder.file("c.toml", "kiosk = false\ncolumns = 5\ncontrol = \"/run/c.sock\"\n")
        var reread = try Configuration.load(explicitFile: file, environment: [:], keys: { viewKeys })
        let notes = reread.keepRestartOnly(from: running)
        #expect(notes == ["'control' changes only on restart; a reload keeps the running value.",
                          "'geometry' changes only on restart; the window keeps its size.",
                          "'kiosk' changes only on restart; a reload keeps the running value."].map { String($0.dropLast()) })
        #expect(reread.arguments(before: [], commandLineNamesPaths: false) == ["--columns=5", "--geometry=800x600", "--kiosk"])
        // Nothing restart-only changed: nothing to say.
        var same = running
        #expect(same.keepRestartOnly(from: running).isEmpty)
    }
}
