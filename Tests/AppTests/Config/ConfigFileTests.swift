import App
import Foundation
import Testing
@testable import TestSupport

private func parse(_ text: String) throws -> [ConfigSetting] { try ConfigFile.parse(text, file: "/etc/c.toml", keys: viewKeys) }

/// The error `text` gets, as the user reads it.
private func problem(_ text: String) -> String {
    do {
        _ = try parse(text)
        return "no error"
    } catch {
        return "\(error)"
    }
}

@Suite("configuration file")
struct ConfigFileTests {
    @Test("every kind of key becomes the command-line words it stands for, in file order, with its line")
    func settingsAndWords() throws {
        let settings = try parse("""
            # a comment
            columns = 4
            margin = 2.5
            captions = false
            watch = true
            kiosk = false
            fullscreen = true
            on-select = "-x {path}"
            sort = 'mtime'
            attract-after = 0
            """)
        #expect(settings.map(\.key.name) == ["columns", "margin", "captions", "watch", "kiosk", "fullscreen", "on-select", "sort", "attract-after"])
        #expect(settings.map(\.line) == Array(2...10))
        #expect(settings.map(\.words) == [["--columns=4"], ["--margin=2.5"], ["--no-captions"], ["--watch"], ["--no-kiosk"], ["--fullscreen"],
                                          ["--on-select=-x {path}"], ["--sort=mtime"], ["--attract-after=0"]])
        #expect(try parse(#"columns = "auto""#).first?.words == ["--columns=auto"])
    }

    @Test("lines are right after multi-line strings, arrays, inline tables and quoted keys")
    func linesAfterTrickySyntax() throws {
        let settings = try parse(#"""
            on-select = """
            columns = 9
            a\""""
            paths = [
              "/a", # columns = 8
              '/b]',
            ]
            "margin" = 3
            'sort' = '''
            x = 1'''
            seed = 5 # trailing
            "texture-\u0062udget" = 64
            events = """x""""
            stats = true
            """#)
        let lines = Dictionary(uniqueKeysWithValues: settings.map { ($0.key.name, $0.line) })
        #expect(lines == ["on-select": 1, "paths": 4, "margin": 8, "sort": 9, "seed": 11, "texture-budget": 12, "events": 13, "stats": 14])
        #expect(settings.first { $0.key.name == "on-select" }?.value == .string("columns = 9\na\""))
        #expect(settings.first { $0.key.name == "events" }?.value == .string("x\""))
    }

    @Test("mistakes name the file, the line and the key", arguments: [
        ("columns = 3\ncolumn = 4", "/etc/c.toml:2: key 'column': unknown key"),
        ("\n\ncolumns = true", "/etc/c.toml:3: key 'columns': expected a string or a number, found a boolean"),
        ("kiosk = 1", "/etc/c.toml:1: key 'kiosk': expected true or false, found an integer"),
        ("on-select = ['feh']", "/etc/c.toml:1: key 'on-select': expected a string or a number, found a list"),
        ("geometry = 1979-05-27", "/etc/c.toml:1: key 'geometry': expected a string or a number, found a date"),
        ("paths = ['/a', 3]", "/etc/c.toml:1: key 'paths': item 2 is an integer; expected a list of paths"),
        ("paths = ['']", "/etc/c.toml:1: key 'paths': item 1 is an empty string; expected a list of paths"),
        ("columns = 3\n[view]\ncolumns = 4", "/etc/c.toml:2: key 'view': tables are not used; write the keys at the top level, before any [section]"),
        ("wall.columns = 4", "/etc/c.toml:1: key 'wall': tables are not used; write the keys at the top level, before any [section]"),
        ("[columns]\nx = 1", "/etc/c.toml:1: key 'columns': expected a string or a number, found a table"),
        ("columns = {n = 1}", "/etc/c.toml:1: key 'columns': expected a string or a number, found a table"),
        ("zzz = 1\naaa = 2", "/etc/c.toml:1: key 'zzz': unknown key"),
        ("slideshow-caption = ['date', 3]", "/etc/c.toml:1: key 'slideshow-caption': item 2 is an integer; expected a list of words"),
        ("slideshow-caption = ['date,name']", "/etc/c.toml:1: key 'slideshow-caption': item 1 is \"date,name\", with a comma; expected a list of words"),
        ("slideshow-caption = true", "/etc/c.toml:1: key 'slideshow-caption': expected a list of strings or a string, found a boolean"),
    ])
    func mistakes(text: String, message: String) {
        #expect(problem(text) == message)
    }

    @Test("a NUL written as an escape is refused, the whole string quoted with it shown, not cut at it", arguments: [
        (#"screen-schedule = "Mon\u0000day 07:00-22:00""#,
         #"/etc/c.toml:1: key 'screen-schedule': holds a NUL, which no setting can: "Mon\0day 07:00-22:00""#),
        ("columns = 3\non-select = \"\"\"\nfeh\\U00000000 {path}\"\"\"",
         #"/etc/c.toml:2: key 'on-select': holds a NUL, which no setting can: "feh\0 {path}""#),
        (#"paths = ["/srv", "/a\u0000b"]"#, #"/etc/c.toml:1: key 'paths': holds a NUL, which no setting can: "/a\0b""#),
    ])
    func nulEscape(text: String, message: String) {
        #expect(problem(text) == message)
    }

    @Test("a backslash before u0000 in a literal string, or escaped, is no NUL")
    func noNul() throws {
        #expect(try parse(#"on-select = 'feh\u0000'"#).first?.value == .string(#"feh\u0000"#))
        #expect(try parse(#"on-select = "feh\\u0000""#).first?.value == .string(#"feh\u0000"#))
    }

    @Test("a TOML syntax error gives toml++'s line")
    func syntaxError() {
        let message = problem("columns = 3\nmargin = [1,\n2]\nx = = 2\n")
        #expect(message.hasPrefix("/etc/c.toml:4: TOML syntax: "), "\(message)")
        #expect(problem("columns = 3\ncolumns = 4").hasPrefix("/etc/c.toml:2: TOML syntax: "))
        #expect(problem("on-select = \"open\n").hasPrefix("/etc/c.toml:1: TOML syntax: "))
    }

    @Test("a list option is written as a TOML list or as the command line's words with commas")
    func listOption() throws {
        #expect(try parse(#"slideshow-caption = ["date", "place", "clock"]"#).first?.words == ["--slideshow-caption=date,place,clock"])
        #expect(try parse(#"slideshow-caption = "date,place""#).first?.words == ["--slideshow-caption=date,place"])
    }

    @Test("paths: relative to the file's folder, ~ is the home folder, a single string is a list of one")
    func pathResolution() throws {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
        let settings = try ConfigFile.parse(#"paths = ["/srv/photos", "party", "~/Pictures", "-odd"]"#, file: "/etc/cascade/cascade.toml", keys: viewKeys)
        let expected = ["/srv/photos", "/etc/cascade/party", home + "/Pictures", "/etc/cascade/-odd"]
        #expect(settings.first?.value == .strings(expected))
        #expect(try ConfigFile.parse(#"paths = "/srv""#, file: "/x.toml", keys: viewKeys).first?.value == .strings(["/srv"]))
    }

    @Test("files: missing is fine for the default places, an error for --config; not a file, not text, too big are errors")
    func reading() throws {
        let folder = TemporaryFolder("cascade-config")
        #expect(try ConfigFile.read(folder.path + "/none.toml", mustExist: false, keys: viewKeys) == nil)
        #expect(throws: ConfigError(file: folder.path + "/none.toml", message: "no such file")) {
            try ConfigFile.read(folder.path + "/none.toml", mustExist: true, keys: viewKeys)
        }
        #expect(throws: ConfigError(file: folder.path, message: "is not a regular file")) {
            try ConfigFile.read(folder.path, mustExist: false, keys: viewKeys)
        }
        let latin1 = try folder.bytes("latin1.toml", Array("on-select = \"caf".utf8) + [0xE9, 0x22, 0x0A])
        #expect(throws: ConfigError(file: latin1, message: "is not UTF-8 text")) { try ConfigFile.read(latin1, mustExist: true, keys: viewKeys) }
        let nul = try folder.bytes("nul.toml", Array("columns = 3\n".utf8) + [0] + Array("margin = 1\n".utf8))
        #expect(throws: ConfigError(file: nul, line: 2, message: "contains a NUL byte")) { try ConfigFile.read(nul, mustExist: true, keys: viewKeys) }
        let big = try folder.file("big.toml", String(repeating: "# padding\n", count: 120_000))
        #expect(throws: ConfigError(file: big, message: "is larger than 1 MiB")) { try ConfigFile.read(big, mustExist: true, keys: viewKeys) }
        #expect(throws: ConfigError(file: "/dev/zero", message: "is not a regular file")) { try ConfigFile.read("/dev/zero", mustExist: true, keys: viewKeys) }
        let good = try folder.file("good.toml", "columns = 5\n")
        #expect(try ConfigFile.read(good, mustExist: true, keys: viewKeys)?.first?.words == ["--columns=5"])
    }
}
