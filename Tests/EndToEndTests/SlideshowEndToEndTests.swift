// The photo frame through the real binary in Xvfb, as its owner meets it: a fair round shows every
// photo once, a SIGTERM and a restart go on with the next photo not shown, photos added and removed
// mid-round join and leave it; two portraits share a landscape screen; the caption gives the EXIF
// date and the place's name from the gazetteer; keys, clicks and a swipe step, pause and leave; a dark screen stops the clock. What is shown is read from the `shown`
// events and `get-state`, and the pixels from a screenshot — never from timing.

import Foundation
import Testing
@testable import TestSupport

@Suite("the photo frame in a real X server", .serialized)
struct SlideshowEndToEndTests {
    /// One cascade in the slideshow over `folder`. Its events come on stdout (`--events stdout`),
    /// so none is missed before a socket client could subscribe; commands go through the socket.
    final class Frame {
        let server: XServer
        let socket = NSTemporaryDirectory() + "cascade-slides-" + UUID().uuidString.prefix(8) + ".sock"
        var child: ChildProcess!
        var control: ControlConnection!

        init(server: XServer) { self.server = server }

        /// `launcher`: a command that runs cascade, its arguments following (sh -c, unshare).
        func start(_ folder: String, cache: String, _ arguments: [String], launcher: [String] = [],
                   environment: [String: String] = [:]) async throws {
            unlink(socket)
            let command = launcher + [cascadeBinary, folder, "--geometry", "800x600", "--control", socket, "--slideshow",
                                      "--events", "stdout"] + arguments
            child = try ChildProcess(command[0], Array(command.dropFirst()),
                                     environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache]
                                        .merging(environment) { $1 })
            control = try await ControlConnection(socket)
        }

        func stop() async throws {
            kill(child.pid, SIGTERM)
            #expect(try await child.waitForExit(within: .seconds(10)) == .exited(0))
        }

        /// The next event named in `names`, in the order cascade emitted them.
        func event(_ names: Set<String>) async throws -> [String: Any] {
            var event: [String: Any] = [:]
            while !names.contains(event["event"] as? String ?? "") {
                guard let line = try await child.lines.nextLine(within: longestWait, waitingFor: "a \(names.sorted()) event") else {
                    throw HarnessError("cascade's stdout closed while waiting for a \(names.sorted()) event")
                }
                event = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
            }
            return event
        }

        /// The next `shown` event: (round, position, file name).
        func shown() async throws -> (round: Int, position: Int, name: String) {
            Self.slide(try await event(["shown"]))
        }

        static func slide(_ event: [String: Any]) -> (round: Int, position: Int, name: String) {
            let path = event["path"] as? String ?? "?"
            return (event["round"] as? Int ?? -1, event["position"] as? Int ?? -1, (path as NSString).lastPathComponent)
        }

        func slideshow() async throws -> [String: Any] {
            let state = try await control.data(["get-state"]) as? [String: Any]
            return state?["slideshow"] as? [String: Any] ?? [:]
        }

        func check<T>(_ body: () async throws -> T) async throws -> T {
            do { return try await body() } catch { throw HarnessError("\(error)\ncascade's stderr:\n\(child?.errorOutput ?? "")") }
        }

        deinit {
            child?.stop()
            unlink(socket)
        }
    }

    @Test("a fair round shows each photo once, survives SIGTERM and a restart, and takes arrivals and removals")
    func fairRoundAcrossRestart() async throws {
        let folder = try PhotoFolder()
        let names = (1...8).map { String(format: "p%02d.png", $0) }
        for (i, name) in names.enumerated() {
            try folder.photo(name, width: 400, height: 300, colour: "#\(String(format: "%02x", 20 + i * 25))6040")
        }
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        let arguments = ["--interval", "1", "--transition-ms", "100", "--shuffle-seed", "9"]
        try await frame.start(folder.path, cache: cache.path, arguments)
        var seen: [String] = []
        try await frame.check {
            for expected in 1...4 {
                let slide = try await frame.shown()
                #expect(slide.round == 1 && slide.position == expected, "\(slide)")
                seen.append(slide.name)
            }
            // Paused, so no fifth photo can show between the last event read and the signal.
            _ = try await frame.control.data(["slideshow", "pause"])
            #expect(try await frame.slideshow()["position"] as? Int == 4)
            try await frame.stop()
        }
        // The round goes on after the restart at the next photo not shown.
        try await frame.start(folder.path, cache: cache.path, arguments)
        try await frame.check {
            for expected in 5...8 {
                let slide = try await frame.shown()
                #expect(slide.round == 1 && slide.position == expected, "\(slide)")
                seen.append(slide.name)
            }
            #expect(seen.sorted() == names, "round 1 showed \(seen)")
            // Mid-round 2: one photo arrives, one leaves; the round takes them in.
            let first = try await frame.shown()
            #expect(first.round == 2 && first.name != seen.last, "a new round does not start with the photo the last ended on")
            var second = [first.name]
            let gone = names.first { $0 != first.name }!
            try FileManager.default.removeItem(atPath: folder.path + "/" + gone)
            try folder.photo("p99.png", width: 400, height: 300, colour: "#10f0f0")
            // The removed photo may have been shown before cascade saw it go; never after: not in
            // the rest of round 2, nor in round 3, which is made afresh from the photos there are.
            // The `removed` event comes on the same stream as the slides, in the order they happened.
            var removalSeen = false, shownAfterRemoval: [String] = [], third: [String] = []
            while true {
                let event = try await frame.event(["shown", "removed"])
                if event["event"] as? String == "removed" {
                    if (event["path"] as? String).map({ ($0 as NSString).lastPathComponent }) == gone { removalSeen = true }
                    continue
                }
                let slide = Frame.slide(event)
                if removalSeen { shownAfterRemoval.append(slide.name) }
                if slide.round == 2 { second.append(slide.name); continue }
                third.append(slide.name)
                // Round 3 to its end: a photo still in its order would come in it.
                if slide.position >= (event["roundSize"] as? Int ?? 0) { break }
            }
            #expect(removalSeen, "no removed event for \(gone)")
            #expect(!shownAfterRemoval.contains(gone), "\(gone) was shown after it was removed: \(shownAfterRemoval)")
            #expect(second.contains("p99.png"), "the arrival joined the round: \(second)")
            #expect(second.count == Set(second).count, "a photo came twice in round 2: \(second)")
            #expect(Set(second).isSubset(of: Set(names + ["p99.png"])))
            let remaining = Set(names + ["p99.png"]).subtracting([gone])
            #expect(remaining.isSubset(of: Set(second)), "round 2 missed \(remaining.subtracting(second))")
            #expect(third.sorted() == remaining.sorted(), "round 3 showed \(third)")
            try await frame.stop()
        }
    }

    @Test("CASCADE_CLOCK_RATE=60 lives a minute's interval in a second, and says so; a rate that is no number is refused by name")
    func fasterSceneClock() async throws {
        let folder = try PhotoFolder()
        for i in 1...6 { try folder.photo("p\(i).png", width: 400, height: 300, colour: "#\(String(format: "%02x", 30 + i * 30))4060") }
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        // A minute between slides: at the real clock the fourth would come after three minutes.
        try await frame.start(folder.path, cache: cache.path, ["--interval", "60", "--transition-ms", "0"],
                              environment: ["CASCADE_CLOCK_RATE": "60"])
        try await frame.check {
            let started = ContinuousClock.now
            for _ in 1...4 { _ = try await frame.shown() }
            let took = ContinuousClock.now - started
            #expect(took < .seconds(60), "four slides a scene minute apart took \(took)")
            #expect(frame.child.errorOutput.contains("CASCADE_CLOCK_RATE"), "no warning that the clock runs fast")
            try await frame.stop()
        }
        let refused = try cascadeRun([folder.path], environment: ["CASCADE_CLOCK_RATE": "fast", "XDG_CACHE_HOME": cache.path])
        #expect(refused.status != 0)
        #expect(refused.err.contains("CASCADE_CLOCK_RATE=fast"), "\(refused.err)")
    }

    @Test("a damaged saved round is one warning and a new round, never a crash at the round's end")
    func damagedSavedRound() async throws {
        let folder = try PhotoFolder()
        let names = ["a.png", "b.png", "c.png"]
        for (i, name) in names.enumerated() { try folder.photo(name, width: 400, height: 300, colour: "#\(i)0a040") }
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        // A long interval: the slides below are the `next` commands', not the clock's.
        let arguments = ["--interval", "3600", "--transition-ms", "0", "--shuffle-seed", "4"]
        try await frame.start(folder.path, cache: cache.path, arguments)
        try await frame.check {
            _ = try await frame.shown()
            try await frame.stop()
        }
        // As `sqlite3 library.sqlite3 "update shuffle set round=9223372036854775807"` leaves it.
        try SQLiteFile.execute("UPDATE shuffle SET round = 9223372036854775807", in: cache.path + "/cascade/library.sqlite3")
        try await frame.start(folder.path, cache: cache.path, arguments)
        try await frame.check {
            var rounds: [Int] = []
            for _ in 0...names.count {
                rounds.append(try await frame.shown().round)
                _ = try await frame.control.data(["slideshow", "next"])
            }
            #expect(rounds == [1, 1, 1, 2], "a new round from the first photo, and on past its end: \(rounds)")
            try await frame.stop()
        }
        let warnings = frame.child.errorOutput.split(separator: "\n").filter { $0.contains("saved round") }
        #expect(warnings.count == 1 && warnings[0].contains("round number 9223372036854775807"), "\(warnings)")
    }

    @Test("the place is the folder's however it is named, and is read from a cache that cannot be written")
    func placeByFolderAndFromReadOnlyCache() async throws {
        let folder = try PhotoFolder()
        for i in 1...5 { try folder.photo("p\(i).png", width: 400, height: 300, colour: "#\(i)0a040") }
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        let arguments = ["--interval", "3600", "--transition-ms", "0", "--shuffle-seed", "6"]
        let parent = (folder.path as NSString).deletingLastPathComponent, name = (folder.path as NSString).lastPathComponent
        // Typed as a name relative to where cascade starts, as someone in that folder's parent would.
        try await frame.start(name, cache: cache.path, arguments, launcher: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", parent])
        try await frame.check {
            _ = try await frame.shown()
            _ = try await frame.control.data(["slideshow", "next"])
            #expect(try await frame.shown().position == 2)
            try await frame.stop()
        }
        // Named in full: the same folder, so the round goes on.
        try await frame.start(folder.path, cache: cache.path, arguments)
        try await frame.check {
            #expect(try await frame.shown().position == 3, "the place was lost when the folder was named in full")
            try await frame.stop()
        }
        // The cache made read-only (a read-only mount): the place is still read, and nothing fails.
        try await frame.start(folder.path, cache: cache.path, arguments,
                              launcher: ["/usr/bin/unshare", "-m", "/bin/sh", "-c", "mount --bind -o ro \"$0\" \"$0\" && exec \"$@\"", cache.path])
        try await frame.check {
            #expect(try await frame.shown().position == 4, "the place was not read from the read-only cache")
            _ = try await frame.control.data(["slideshow", "next"])
            #expect(try await frame.shown().position == 5)
            try await frame.stop()
        }
        let said = frame.child.errorOutput
        #expect(said.components(separatedBy: "cannot be saved there").count == 2, "one warning, not one a slide: \(said)")
    }

    /// How the caption's clock must read at the hour `hour` (0–23, the time zone's) for each way of
    /// asking: the C locale, a 12-hour locale (en_US, compiled for the test), a configured pattern.
    enum ClockAsked: CaseIterable {
        case cLocale, twelveHourLocale, configured

        func expected(hour: Int, minute: Int) -> String {
            switch self {
            case .cLocale: String(format: "%02d:%02d", hour, minute)
            case .twelveHourLocale: String(format: "%d:%02d %@", hour % 12 == 0 ? 12 : hour % 12, minute, hour < 12 ? "AM" : "PM")
            case .configured: String(format: "%02d h %02d", hour, minute)
            }
        }
    }

    @Test("the caption's clock reads as the locale says: 24-hour in C, AM/PM in en_US, or as configured",
          arguments: ClockAsked.allCases)
    func clockFollowsLocale(asked: ClockAsked) async throws {
        let folder = try PhotoFolder()
        try folder.photo("photo.png", width: 480, height: 300, colour: "#406080")
        let cache = TemporaryFolder("cascade-slides-cache")
        var environment = ["TZ": "UTC", "LANG": "C", "LC_ALL": ""]
        var arguments = ["--slideshow-caption", "clock", "--interval", "600"]
        switch asked {
        case .cLocale: break
        case .twelveHourLocale:
            // The machine need not have en_US generated: glibc reads a locale compiled here through LOCPATH.
            let made = try await runTool("/usr/bin/localedef", ["-i", "en_US", "-f", "UTF-8", cache.path + "/en_US.UTF-8"],
                                         timeout: .seconds(60))
            #expect(made.status == .exited(0), "localedef: \(String(decoding: made.output, as: UTF8.self))")
            environment.merge(["LOCPATH": cache.path, "LANG": "en_US.UTF-8"]) { $1 }
        case .configured: arguments += ["--clock-format", "%H h %M"]
        }
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        try await frame.start(folder.path, cache: cache.path, arguments, environment: environment)
        try await frame.check {
            _ = try await frame.shown()
            let before = Date()
            let clock = ((try await frame.slideshow())["caption"] as? [String])?.last ?? "(none)"
            // The minute may turn between the two looks at the time.
            let readings = [before, Date()].map { date -> String in
                let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
                return asked.expected(hour: parts.hour!, minute: parts.minute!)
            }
            #expect(readings.contains(clock), "the clock reads \(clock), not \(readings[0])")
            try await frame.stop()
        }
    }

    @Test("two portraits share the screen, the caption gives the EXIF date, keys, clicks and a swipe step, pause and leave")
    func pairsCaptionsAndInput() async throws {
        let folder = try PhotoFolder()
        // By name: the two portraits come first and are paired; the landscapes follow.
        let portrait = try folder.photo("a-portrait.jpg", width: 300, height: 450, colour: "#e02020")
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: portrait)))
        _ = try folder.write("a-portrait.jpg", ExifFixture().inserted(into: jpeg))
        try folder.photo("b-portrait.png", width: 300, height: 450, colour: "#2040e0")
        for i in 1...3 { try folder.photo("c-landscape-\(i).png", width: 480, height: 300, colour: "#20\(String(format: "%02x", 100 + i * 40))20") }
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        try await frame.start(folder.path, cache: cache.path, ["--slideshow-order", "name", "--interval", "600", "--transition-ms", "0",
                                                              "--slideshow-caption", "date,name"])
        try await frame.check {
            let display = server.display
            let window = try await display.waitForWindow(class: "cascade")
            let a = try await frame.shown(), b = try await frame.shown()
            #expect([a.name, b.name] == ["a-portrait.jpg", "b-portrait.png"] && a.position == 1 && b.position == 2)
            let state = try await frame.slideshow()
            let caption = (state["caption"] as? [String]) ?? []
            #expect(caption.first?.contains("2024") == true && caption.first?.contains("May") == true, "caption \(caption)")
            #expect(caption.first?.contains("a-portrait.jpg") == true)
            // Left half red, right half blue: side by side, one picture across the screen.
            let shot = try await display.waitUntilStill(window)
            #expect(close(shot.pixel(200, 300), (224, 32, 32), tolerance: 24), "left half is \(shot.pixel(200, 300))")
            #expect(close(shot.pixel(600, 300), (32, 64, 224), tolerance: 24), "right half is \(shot.pixel(600, 300))")

            // A click between the pair's photos is a click on the slide: it pauses and goes on.
            try await display.xdotool(["mousemove", "--window", window, "400", "300"])
            try await display.xdotool(["click", "--window", window, "1"])
            #expect(try await eventually(every: .milliseconds(50)) { try await frame.slideshow()["paused"] as? Bool == true })
            try await display.xdotool(["click", "--window", window, "1"])
            #expect(try await eventually(every: .milliseconds(50)) { try await frame.slideshow()["paused"] as? Bool == false })

            // Right: the next slide at once (the interval is ten minutes), decoded ahead.
            #expect(try await eventually(every: .milliseconds(50)) { try await frame.slideshow()["nextReady"] as? Bool == true })
            try await display.xdotool(["windowfocus", window], allowFailure: true)
            try await display.xdotool(["key", "--window", window, "Right"])
            #expect(try await frame.shown().name == "c-landscape-1.png")
            // Space pauses, a click on the photo goes on.
            try await display.xdotool(["key", "--window", window, "space"])
            #expect(try await frame.slideshow()["paused"] as? Bool == true)
            try await display.xdotool(["mousemove", "--window", window, "400", "300"])
            try await display.xdotool(["click", "--window", window, "1"])
            #expect(try await eventually(every: .milliseconds(50)) { try await frame.slideshow()["paused"] as? Bool == false })
            // A dark screen stops the slide's time; lit again, it goes on (not paused by hand).
            _ = try await frame.control.data(["screen", "off"])
            #expect(try await frame.slideshow()["paused"] as? Bool == true)
            _ = try await frame.control.data(["screen", "on"])
            #expect(try await frame.slideshow()["paused"] as? Bool == false)
            // A swipe to the left: the next photo.
            try await display.xdotool(["mousedown", "--window", window, "1"])
            for x in stride(from: 380, through: 100, by: -40) { try await display.xdotool(["mousemove", "--window", window, "\(x)", "300"]) }
            try await display.xdotool(["mouseup", "--window", window, "1"])
            #expect(try await frame.shown().name == "c-landscape-2.png")
            // The socket steps back; Esc leaves for the wall at the photo shown.
            _ = try await frame.control.data(["slideshow", "prev"])
            #expect(try await frame.shown().name == "c-landscape-1.png")
            try await display.xdotool(["key", "--window", window, "Escape"])
            let wall = try await frame.control.data(["get-state"]) as? [String: Any]
            #expect(wall?["mode"] as? String == "wall")
            #expect(wall?["cursor"] as? Int == 2, "the wall's cursor is on the photo the slideshow showed")
            try await frame.stop()
        }
    }

    @Test("the caption names the town a photo's GPS position is in, and gives the coordinates out at sea")
    func placeCaption() async throws {
        let folder = try PhotoFolder()
        // 45° 45′ 28″ N, 4° 49′ 55″ E: Place Bellecour, in Lyon. 30° N, 40° W: the mid-Atlantic.
        var lyon = ExifFixture(), sea = ExifFixture()
        lyon.gps = ([(45, 1), (45, 1), (28, 1)], true, [(4, 1), (49, 1), (55, 1)], true)
        sea.gps = ([(30, 1), (0, 1), (0, 1)], true, [(40, 1), (0, 1), (0, 1)], false)
        for (name, exif, colour) in [("a-lyon.jpg", lyon, "#c04020"), ("b-sea.jpg", sea, "#2040c0")] {
            let plain = try folder.photo(name, width: 480, height: 300, colour: colour)
            _ = try folder.write(name, exif.inserted(into: try [UInt8](Data(contentsOf: URL(fileURLWithPath: plain)))))
        }
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        try await frame.start(folder.path, cache: cache.path, ["--slideshow-order", "name", "--interval", "600", "--transition-ms", "0",
                                                              "--slideshow-caption", "place"])
        try await frame.check {
            func caption() async throws -> [String] { (try await frame.slideshow()["caption"] as? [String]) ?? [] }
            #expect(try await frame.shown().name == "a-lyon.jpg")
            var last: [String] = []
            #expect(try await eventually(every: .milliseconds(50)) { last = try await caption(); return last == ["Lyon, France"] },
                    "caption \(last)")
            _ = try await frame.control.data(["slideshow", "next"])
            #expect(try await frame.shown().name == "b-sea.jpg")
            #expect(try await eventually(every: .milliseconds(50)) {
                last = try await caption(); return last == ["30.00000° N, 40.00000° W"]
            }, "caption \(last)")
            try await frame.stop()
        }
    }
    @Test("a portrait pair is one picture with a small even gap between blurred mats; a panorama pans across at full height")
    func pairAsOnePictureAndPanorama() async throws {
        let folder = try PhotoFolder()
        // 1:2 portraits: at the 800×600 window's full height they are 300 px wide each.
        try folder.photo("a-tall.png", width: 300, height: 600, colour: "#e02020")
        try folder.photo("b-tall.png", width: 300, height: 600, colour: "#2040e0")
        // 8:1: a red left quarter, a green half, a blue right quarter.
        try magick(["-size", "800x400", "xc:#e02020", "-size", "1600x400", "xc:#20c040", "-size", "800x400", "xc:#2040e0",
                    "+append", folder.path + "/c-pano.png"])
        let cache = TemporaryFolder("cascade-slides-cache")
        let server = try await XServer()
        defer { server.stop() }
        let frame = Frame(server: server)
        try await frame.start(folder.path, cache: cache.path, ["--slideshow-order", "name", "--interval", "10", "--transition-ms", "0"])
        try await frame.check {
            let display = server.display
            let window = try await display.waitForWindow(class: "cascade")
            let a = try await frame.shown(), b = try await frame.shown()
            #expect([a.name, b.name] == ["a-tall.png", "b-tall.png"])
            // Paused, so the slide stays while it is looked at.
            _ = try await frame.control.data(["slideshow", "pause"])
            let state = try await frame.slideshow()
            #expect((state["shown"] as? [Any])?.count == 2 && state["paused"] as? Bool == true, "\(state)")
            let shot = try await display.waitUntilStill(window)
            let red = (224, 32, 32), blue = (32, 64, 224), background = (12, 12, 13)
            // Along the middle row: mat, red, the gap, blue, mat.
            let row = (0..<800).map { shot.pixel($0, 300) }
            let reds = row.indices.filter { close(row[$0], red, tolerance: 24) }
            let blues = row.indices.filter { close(row[$0], blue, tolerance: 24) }
            let (redStart, redEnd) = (reds.first ?? 0, (reds.last ?? 0) + 1), (blueStart, blueEnd) = (blues.first ?? 0, (blues.last ?? 0) + 1)
            #expect(abs((redEnd - redStart) - 300) <= 2 && abs((blueEnd - blueStart) - 300) <= 2, "photos \(redStart)..<\(redEnd), \(blueStart)..<\(blueEnd)")
            #expect(abs((blueStart - redEnd) - 12) <= 2, "the gap is \(blueStart - redEnd) px")
            #expect((redEnd..<blueStart).allSatisfy { close(row[$0], background, tolerance: 8) }, "the gap is the background")
            #expect(abs(redStart - (800 - blueEnd)) <= 2, "the pair is not centred: \(redStart) px left, \(800 - blueEnd) px right")
            // get-state says where each is, as drawn.
            let rects = ((state["shown"] as? [[String: Any]]) ?? []).map { ($0["rect"] as? [String: Any]) ?? [:] }
            let xs = rects.map { (($0["x"] as? NSNumber)?.doubleValue ?? -1, ($0["w"] as? NSNumber)?.doubleValue ?? -1) }
            #expect(xs.count == 2 && abs(xs[0].0 - Double(redStart)) <= 1 && abs(xs[1].0 + xs[1].1 - Double(blueEnd)) <= 1,
                    "get-state's rects \(rects), drawn at \(redStart)..<\(redEnd) and \(blueStart)..<\(blueEnd)")
            // The bars beside the pair: each photo's blurred mat, darker than it and not black.
            let left = shot.pixel(30, 300), right = shot.pixel(770, 300)
            #expect(left.r > 40 && left.r < 200 && left.r > left.b, "the left bar is \(left)")
            #expect(right.b > 40 && right.b < 200 && right.b > right.r, "the right bar is \(right)")

            // The pan from the next slide: the panorama is decoded again for it and crosses the
            // screen at full height, from its left end.
            _ = try await frame.control.data(["transition", "pan"])
            _ = try await frame.control.data(["slideshow", "next"])
            #expect(try await frame.shown().name == "c-pano.png")
            let start = try await display.waitUntilStill(window)
            for (x, y) in [(5, 2), (400, 300), (795, 597)] {
                #expect(close(start.pixel(x, y), red, tolerance: 24), "at the start \(x),\(y) is \(start.pixel(x, y)), not the left end")
            }
            _ = try await frame.control.data(["slideshow", "resume"])
            // The right end comes into view as the slide's time runs out.
            #expect(try await eventually(within: .seconds(30), every: .milliseconds(200)) {
                let shot = try await display.capture(window)
                return close(shot.pixel(795, 300), blue, tolerance: 24) && close(shot.pixel(795, 2), blue, tolerance: 24)
            }, "the pan never reached the panorama's right end")
            try await frame.stop()
        }
    }
}
