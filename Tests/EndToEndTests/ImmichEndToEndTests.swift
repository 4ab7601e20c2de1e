// An Immich frame, end to end: the real binary in Xvfb against the Immich stand-in
// (script/dev/immich-contract, held to Immich's published API), driven through the control socket.
// What a frame's owner relies on: an album's photos become tiles, a photo added on the server
// arrives at the next poll, a favourite reaches the server, the server going away leaves the
// cached photos showing with one line in the log, a restart without the server shows the cache at
// once, a download cut short never shows half a photo, a wrong key and a too-old server say so —
// and nothing cascade sends breaks Immich's schema.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("an Immich frame against the stand-in", .serialized)
struct ImmichEndToEndTests {
    /// The stand-in's script.
    static let serve = packageRoot + "/script/dev/immich-contract/serve"

    /// The stand-in serving `photos`, on `port` (nil: one it picks).
    final class StandIn {
        let photos: PhotoFolder
        let keyFile: String
        private(set) var port: Int
        private var child: ChildProcess?
        /// A certificate and its key: the stand-in speaks HTTPS.
        let tls: (certificate: String, key: String)?

        init(photos: PhotoFolder, keyFile: String, port: Int? = nil, version: String? = nil,
             tls: (certificate: String, key: String)? = nil) async throws {
            self.photos = photos
            self.keyFile = keyFile
            self.port = port ?? 0
            self.tls = tls
            try await start(port: port, version: version)
        }

        deinit { child?.stop() }

        func start(port: Int? = nil, version: String? = nil) async throws {
            let child = try ChildProcess(ImmichEndToEndTests.serve, ["--photos", photos.path, "--key-file", keyFile]
                + (port.map { ["--port", "\($0)"] } ?? []) + (version.map { ["--version", $0] } ?? [])
                + (tls.map { ["--tls", $0.certificate, $0.key] } ?? []))
            // The first start may make the stand-in's Python environment: a minute or more.
            guard let line = try await child.lines.nextLine(within: .seconds(600), waitingFor: "the stand-in's address"),
                  let text = line.split(separator: ":").last, let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw HarnessError("the stand-in did not say where it listens: \(child.errorOutput)")
            }
            self.port = number
            self.child = child
        }

        func stop() { child?.stop(); child = nil }

        var url: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)" }

        private func curl(_ arguments: [String]) async throws -> Data {
            let r = try await runTool("/usr/bin/curl", ["-s", "-k", "--max-time", "10"] + arguments)
            guard r.status == .exited(0) else { throw HarnessError("curl \(arguments) ended \(r.status)") }
            return r.output
        }

        func fault(_ body: String) async throws {
            _ = try await curl(["-X", "POST", "-H", "content-type: application/json", "-d", body, url + "/_contract/fault"])
        }

        func log() async throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: try await curl([url + "/_contract/log"])) as? [String: Any] ?? [:]
        }

        func expectNoViolations() async throws {
            let violations = try await log()["violations"] as? [Any] ?? ["the log was unreadable"]
            #expect(violations.isEmpty, "requests that break Immich's schema: \(violations)")
        }
    }

    /// cascade in its own X server with `[sources.immich]` pointed at `url`.
    final class Frame {
        let server: XServer
        let socket = NSTemporaryDirectory() + "cascade-immich-" + UUID().uuidString.prefix(8) + ".sock"
        let child: ChildProcess
        let cache: String
        let folder: String

        /// `table` false: a configuration without `[sources.immich]` (an `immich://` path in `arguments`).
        init(url: String, keyFile: String, cache: String, config: String, extra: String = "", table: Bool = true,
             arguments: [String] = []) async throws {
            server = try await XServer()
            self.cache = cache
            let port = url.split(separator: ":").last.map(String.init) ?? ""
            folder = cache + "/cascade/immich/127.0.0.1-" + port
            try (!table ? "" : """
            [sources.immich]
            url = "\(url)"
            key-file = "\(keyFile)"
            albums = ["\(ImmichEndToEndTests.albumID)"]
            poll = 2
            \(extra)
            """).write(toFile: config, atomically: true, encoding: .utf8)
            child = try ChildProcess(cascadeBinary, ["--config", config, "--geometry", "800x600", "--no-captions",
                                                     "--control", socket, "--no-remember"] + arguments, environment: [
                "DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache,
                "XDG_STATE_HOME": cache + "/state",
            ])
        }

        deinit {
            child.stop()
            server.stop()
            unlink(socket)
        }

        func control() async throws -> ControlConnection {
            try await check { try await ControlConnection(socket) }
        }

        func state(_ control: ControlConnection) async throws -> [String: Any] {
            try await control.data(["get-state"]) as? [String: Any] ?? [:]
        }

        /// The photo the slideshow shows now (its path), nil before the first.
        func slide(_ control: ControlConnection) async throws -> String? {
            let shown = (try await state(control)["slideshow"] as? [String: Any])?["shown"] as? [[String: Any]]
            return shown?.first?["path"] as? String
        }

        /// Waits until the slideshow shows another photo than `before` (a fair round never shows
        /// one twice in a row); returns it.
        @discardableResult
        func slide(after before: String?, _ what: String, _ control: ControlConnection) async throws -> String {
            try await check {
                try await waitFor("\(what) after \(before ?? "none")") { () async throws -> String? in
                    let now = try await slide(control)
                    return now != before ? now : nil
                }
            }
        }

        /// get-state until the wall holds `count` photos, all from the cache folder.
        func wall(_ control: ControlConnection, count: Int) async throws -> [String: Any] {
            try await check {
                try await waitFor("the wall to hold \(count) photos from Immich") { () async throws -> [String: Any]? in
                    let state = try await state(control)
                    return state["count"] as? Int == count ? state : nil
                }
            }
        }

        /// The visible files in the cache folder.
        var files: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }

        func lines(containing text: String) -> Int {
            child.errorOutput.components(separatedBy: "\n").count { $0.contains(text) }
        }

        func waitForLog(_ text: String) async throws {
            try await check { try await waitUntil("cascade to log \"\(text)\"") { lines(containing: text) > 0 } }
        }

        func check<T>(_ body: () async throws -> T) async throws -> T {
            do { return try await body() } catch { throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)") }
        }
    }

    /// The stand-in's one album, "Frame": uuid5 as server.py makes it.
    static let albumID = "2332108c-e3fd-4a7e-be47-9d4c26c33f96"
    /// Its one person, "Ann".
    static let personID = "03eeaacf-33e7-411c-a75c-2754f133dba7"

    func photos(_ count: Int) throws -> PhotoFolder {
        let folder = try PhotoFolder()
        for i in 1...count {
            try folder.photo(String(format: "IMG_%04d.jpg", i), width: 400 + 40 * i, height: 300, colour: "#\(String(format: "%02x", i * 40))8040")
        }
        return folder
    }

    func keyFile(_ folder: TemporaryFolder, _ text: String = "contract-key\n") throws -> String {
        try folder.file("immich.key", text)
    }

    @Test("an album's photos become tiles, a photo added on the server arrives, a favourite reaches the server")
    func albumAndFavourite() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(3), keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml")
        let control = try await frame.control()
        let state = try await frame.wall(control, count: 3)
        let paths = (state["visible"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.count == 3 && paths.allSatisfy { $0.hasPrefix(frame.folder + "/IMG_000") && $0.contains(" ~") }, "\(paths)")

        try standIn.photos.photo("IMG_0004.jpg", width: 500, height: 500, colour: "#336699")
        _ = try await frame.wall(control, count: 4)

        let photo = try #require(paths.first)
        let reply = try await control.request(["favorite", photo])
        #expect(reply["error"] as? String == "success", "\(reply)")
        try await frame.check {
            try await waitUntil("the favourite to reach the stand-in") {
                let log = try await standIn.log()
                let puts = (log["requests"] as? [[String: Any]] ?? []).filter { $0["method"] as? String == "PUT" }
                return !puts.isEmpty && !(log["favorites"] as? [String] ?? []).isEmpty
            }
        }
        // A photo opened counts as shown: the cache lets such photos go first when it is full.
        _ = try await control.data(["open", 0])
        try await frame.check {
            try await waitUntil("the manifest to record a photo shown") {
                ((try? String(contentsOfFile: frame.folder + "/.manifest.json", encoding: .utf8)) ?? "").contains("\"shown\"")
            }
        }
        let refused = try await control.request(["favorite", "/etc/hostname"])
        #expect((refused["error"] as? String)?.contains("not a photo from Immich") == true, "\(refused)")
        try await standIn.expectNoViolations()
    }

    @Test("the server gone mid-slideshow: slides keep coming, one line says so; a restart without it shows the cache")
    func offline() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(3), keyFile: key)
        let port = standIn.port
        do {
            let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                        arguments: ["--slideshow", "--interval", "1", "--transition-ms", "0"])
            let control = try await frame.control()
            _ = try await frame.wall(control, count: 3)
            try await standIn.expectNoViolations()
            standIn.stop()
            try await frame.waitForLog("is unreachable")
            // Slides keep coming from the cache: another photo comes on screen.
            let next = try await frame.slide(after: try await frame.slide(control), "another slide", control)
            // More polls fail meanwhile (every 2 s at most), and still one line.
            try await frame.slide(after: next, "a later slide", control)
            #expect(frame.lines(containing: "is unreachable") == 1, "\(frame.child.errorOutput)")
            #expect(frame.child.errorOutput.contains("showing the 3 cached photos"), "\(frame.child.errorOutput)")
            #expect(try await frame.state(control)["count"] as? Int == 3)
        }
        // cascade again, the server still away: the cached photos at once.
        let again = try await Frame(url: "http://127.0.0.1:\(port)", keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml")
        let control = try await again.control()
        _ = try await again.wall(control, count: 3)
        try await again.waitForLog("is unreachable")
        // The server back on its port: the log says so.
        try await standIn.start(port: port)
        try await again.waitForLog("is back")
    }

    @Test("500s, a server that trickles and one that never answers: said once each, the frame answers, the photos stay")
    func serverInTrouble() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(3), keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                    arguments: ["--slideshow", "--interval", "1", "--transition-ms", "0"])
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 3)
        // Every call a 500: one line, polls go on, nothing leaves the wall.
        try await standIn.fault(#"{"mode": "500"}"#)
        try await frame.waitForLog("failed: ")
        try await standIn.photos.photo("IMG_0009.jpg", width: 640, height: 480, colour: "#aa3366")
        try await frame.check {
            try await waitUntil("more polls answered 500") {
                let log = try await standIn.log()
                return (log["requests"] as? [[String: Any]] ?? []).filter { $0["path"] as? String == "/api/search/metadata" }.count >= 4
            }
        }
        #expect(frame.lines(containing: "failed: ") == 1, "one line for the 500s, not one a poll: \(frame.child.errorOutput)")
        #expect(try await frame.state(control)["count"] as? Int == 3)
        // Answers again: the photo added meanwhile arrives, and the log says the server is back.
        try await standIn.fault(#"{"mode": "none"}"#)
        _ = try await frame.wall(control, count: 4)
        try await frame.waitForLog("is back")
        // Bodies at 1 KiB a half-second, then a server that accepts and never answers: the frame
        // goes on — the slideshow moves, the socket answers — and keeps its photos.
        for mode in ["slow", "hang"] {
            try await standIn.fault(#"{"mode": "\#(mode)"}"#)
            try await frame.slide(after: try await frame.slide(control), "another slide with the server \(mode)", control)
            #expect(try await frame.state(control)["count"] as? Int == 4, "with the server \(mode)")
        }
        try await standIn.fault(#"{"mode": "none"}"#)
        try await standIn.expectNoViolations()
    }

    @Test("a download cut short leaves no photo under a visible name; a later poll completes it")
    func truncated() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(2), keyFile: key)
        try await standIn.fault(#"{"mode": "truncate"}"#)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml")
        let control = try await frame.control()
        // The truncated previews were asked for, and none is shown.
        try await frame.check {
            try await waitUntil("a thumbnail request") {
                (try await standIn.log()["requests"] as? [[String: Any]] ?? []).contains { ($0["path"] as? String)?.hasSuffix("/thumbnail") == true }
            }
        }
        try await frame.waitForLog("broke off")
        #expect(frame.files.isEmpty, "\(frame.files)")
        #expect(try await frame.state(control)["count"] as? Int == 0)
        try await standIn.fault(#"{"mode": "none"}"#)
        _ = try await frame.wall(control, count: 2)
        #expect(frame.files.count == 2, "\(frame.files)")
        try await standIn.expectNoViolations()
    }

    @Test("on the desktop: cascade immich+http://HOST:PORT/album/ID --immich-key-file FILE")
    func desktopLink() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(2), keyFile: key)
        let link = "immich+http://127.0.0.1:\(standIn.port)/album/\(Self.albumID)"
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                    table: false, arguments: [link, "--immich-key-file", key])
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 2)
        #expect(frame.files.count == 2, "\(frame.files)")
        try await standIn.expectNoViolations()
    }

    @Test("a key without asset.update: favourite is refused with a line saying so; a 4.x server is tried after a warning")
    func readOnlyKeyAndNewerServer() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home, "contract-key\nread-only\n")
        let standIn = try await StandIn(photos: try photos(1), keyFile: key, version: "4.0.0")
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml")
        try await frame.waitForLog("runs 4.0.0, newer than the 3.x cascade knows")
        let control = try await frame.control()
        let state = try await frame.wall(control, count: 1)
        let photo = try #require((state["visible"] as? [[String: Any]])?.first?["path"] as? String)
        _ = try await control.data(["favorite", photo])
        try await frame.waitForLog("favorite: this API key lacks asset.update (Immich answered 403)")
        try await frame.check {
            try await waitUntil("the refusal on the screen") {
                ("\(try await frame.state(control)["message"] ?? "")").contains("lacks asset.update")
            }
        }
        #expect(frame.lines(containing: "newer than the 3.x") == 1)
        try await standIn.expectNoViolations()
    }

    @Test("HTTPS: a server with its own certificate is trusted through ca-file, and refused without it")
    func selfSigned() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let certificate = home.path + "/cert.pem", privateKey = home.path + "/key.pem"
        let made = try await runTool("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", privateKey,
                                                          "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
                                                          "-addext", "subjectAltName=IP:127.0.0.1"])
        #expect(made.status == .exited(0))
        let standIn = try await StandIn(photos: try photos(2), keyFile: key, tls: (certificate, privateKey))
        do {
            let refused = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/refused", config: home.path + "/r.toml")
            try await refused.waitForLog("is unreachable")
            #expect(refused.files.isEmpty)
        }
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                    extra: "ca-file = \"\(certificate)\"")
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 2)
        try await standIn.expectNoViolations()
    }

    @Test("a full cache stays within cache-size and lets a photo go only once it has been shown")
    func fullCache() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        // Noise does not compress: twelve photos of about 1.6 MB, more than 16 MB.
        let photos = try PhotoFolder()
        for i in 1...12 {
            try magick(["-size", "1400x1400", "xc:gray", "+noise", "Random", "-quality", "95", photos.path + "/noise\(i).jpg"])
        }
        let standIn = try await StandIn(photos: photos, keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml",
                                    extra: "cache-size = 16")
        try await frame.waitForLog("is full (16 MB) of photos not yet shown")
        func bytes() -> Int {
            frame.files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: frame.folder + "/" + $1)[.size] as? Int) ?? 0) }
        }
        let before = frame.files
        #expect(before.count < 12 && bytes() <= 16 << 20, "\(before.count) files, \(bytes()) bytes")
        let control = try await frame.control()
        let state = try await frame.wall(control, count: before.count)
        let shown = try #require((state["visible"] as? [[String: Any]])?.first?["path"] as? String)
        _ = try await control.data(["open", 0])
        // The next poll lets the photo shown go, for one not yet shown.
        // Room is made before the download: the photo shown goes first, the one not yet shown follows.
        try await frame.check {
            try await waitUntil("the shown photo to make room for one not yet shown") {
                !FileManager.default.fileExists(atPath: shown) && !Set(frame.files).subtracting(before).isEmpty
            }
        }
        #expect(bytes() <= 16 << 20, "\(bytes()) bytes")
    }

    @Test("every kind of selection together is asked as Immich's schema says")
    func everySelection() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(4), keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml", extra: """
            people = ["\(Self.personID)"]
            favorites = true
            memories = true
            random = 2
            taken-after = "2001-01-01"
            taken-before = 2099-12-31
            """)
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 4)
        let paths = Set((try await standIn.log()["requests"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
        #expect(paths.isSuperset(of: ["/api/search/metadata", "/api/search/random", "/api/memories"]), "\(paths.sorted())")
        try await standIn.expectNoViolations()
    }

    @Test("a wrong key: the 401 line naming the key file")
    func wrongKey() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let wrong = try home.file("wrong.key", "not-the-key\n")
        let standIn = try await StandIn(photos: try photos(1), keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: wrong, cache: home.path + "/cache", config: home.path + "/c.toml")
        try await frame.waitForLog("Immich refused the API key (401): check key-file \(wrong)")
        #expect(frame.child.isRunning, "the frame stays up, showing its cache")
    }

    @Test("a server older than 1.133 is refused by name; the frame stays up with its cache; SIGTERM exits 0")
    func tooOld() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let standIn = try await StandIn(photos: try photos(1), keyFile: key, version: "1.90.0")
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml")
        try await frame.waitForLog("runs 1.90.0, older than 1.133.0")
        let control = try await frame.control()
        #expect(try await frame.state(control)["count"] as? Int == 0)
        #expect(frame.child.isRunning)
        let searches = (try await standIn.log()["requests"] as? [[String: Any]] ?? []).filter { ($0["path"] as? String)?.contains("search") == true }
        #expect(searches.isEmpty, "nothing is asked of a refused server: \(searches)")
        // SIGTERM is a clean exit, the HTTP client shut down with it.
        kill(frame.child.pid, SIGTERM)
        #expect(try await frame.child.waitForExit(within: .seconds(20)) == .exited(0), "\(frame.child.errorOutput)")
    }
}
