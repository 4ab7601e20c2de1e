// Photos whose EXIF dates contradict both their names and their file times: `--sort date`
// orders the wall by the EXIF dates, `-date` newest first, and the socket's `sort` orders a
// running wall anew — all read through `get-state`. A wall sorted by date is in sections, a
// month each (a quiet year in one), and `scroll-to` takes it to a month.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("Sorting by the date taken, end to end", .serialized)
struct DateSortEndToEndTests {
    /// Oldest to newest by EXIF: c, a, d, b. By name a, b, c, d; by file time d, c, b, a.
    static let taken: [(name: String, date: String, offset: String?)] = [
        ("c.jpg", "1999:12:31 23:00:00", "+00:00"), ("a.jpg", "2005:06:01 08:00:00", "+02:00"),
        ("d.jpg", "2012:03:04 05:06:07", nil), ("b.jpg", "2020:01:01 00:00:00", "-05:00"),
    ]

    final class Library {
        let folder: PhotoFolder
        let cacheHome = TemporaryFolder("cascade-dates-cache")

        init() throws {
            folder = try PhotoFolder()
            for (name, file) in try DateSortEndToEndTests.writePhotos(DateSortEndToEndTests.taken, in: folder) {
                // File times the other way round from the names: d oldest, a newest.
                let seconds = 1_700_000_000 - Int(name.unicodeScalars.first!.value) * 1000
                var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
                try #require(utimensat(AT_FDCWD, file, &times, 0) == 0)
            }
        }
    }

    /// Copies of one photo with these EXIF dates (and offsets) taken; each name with its file.
    static func writePhotos(_ taken: [(name: String, date: String, offset: String?)], in folder: PhotoFolder) throws -> [(String, String)] {
        let plain = try folder.photo("plain.jpg", width: 320, height: 240, colour: "#406080")
        let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        unlink(plain)
        return try taken.map { name, date, offset in
            var exif = ExifFixture()
            exif.dateTaken = date
            exif.offsetTaken = offset
            return (name, try folder.write(name, exif.inserted(into: jpeg)))
        }
    }

    /// The wall's photos by name, in wall order, from `get-state`.
    private func order(_ control: ControlConnection) async throws -> [String] {
        guard let state = try await control.data(["get-state"]) as? [String: Any],
              let visible = state["visible"] as? [[String: Any]] else { return [] }
        return visible.compactMap { tile -> (Int, String)? in
            guard let index = (tile["index"] as? NSNumber)?.intValue, let path = tile["path"] as? String else { return nil }
            return (index, (path as NSString).lastPathComponent)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    @Test("--sort date and -date follow EXIF, not names or file times; the socket's sort reorders a running wall")
    func sortByDate() async throws {
        let library = try Library()
        let byDate = Self.taken.map(\.0)
        for (argument, expected) in [("date", byDate), ("-date", Array(byDate.reversed()))] {
            let server = try await XServer()
            defer { server.stop() }
            let socket = NSTemporaryDirectory() + "cascade-dates-" + UUID().uuidString.prefix(8) + ".sock"
            defer { unlink(socket) }
            let child = try ChildProcess(cascadeBinary, [
                // Eight columns: sorted by date, the four photos are four years under four headings,
                // all on screen.
                library.folder.path, "--geometry", "800x600", "--columns", "8", "--sort=\(argument)", "--control", socket,
            ], environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": library.cacheHome.path])
            defer { child.stop() }
            do {
                let control = try await ControlConnection(socket)
                var seen: [String] = []
                #expect(try await eventually { seen = try await order(control); return seen == expected },
                        "--sort \(argument): \(seen)")
                if argument == "date" {
                    for (request, wanted) in [("-date", Array(byDate.reversed())), ("name", ["a.jpg", "b.jpg", "c.jpg", "d.jpg"]),
                                              ("mtime", ["d.jpg", "c.jpg", "b.jpg", "a.jpg"]), ("date", byDate)] {
                        _ = try await control.data(["sort", request])
                        #expect(try await eventually { seen = try await order(control); return seen == wanted }, "sort \(request): \(seen)")
                    }
                    let refused = try await control.request(["sort", "taken"])
                    #expect((refused["error"] as? String)?.contains("sort needs one of") == true, "\(refused)")
                }
            } catch {
                throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)")
            }
        }
    }

    /// 2016: two photos (a quiet year: one section). 2019: fourteen in March and ten in May (a
    /// busy year: a section a month). One of May's was taken at 00:30 on 1 May in Tokyo — 30
    /// April in UTC, May where it was taken.
    static let months: [(name: String, date: String, offset: String?)] =
        (0..<2).map { ("y2016-\($0).jpg", "2016:07:0\($0 + 1) 12:00:00", nil) }
        + (0..<14).map { ("y2019-03-\($0).jpg", "2019:03:\(10 + $0) 12:00:00", "+01:00") }
        + [("y2019-05-tokyo.jpg", "2019:05:01 00:30:00", "+09:00")]
        + (1..<10).map { ("y2019-05-\($0).jpg", "2019:05:\(10 + $0) 09:00:00", nil) }

    @Test("a wall sorted by date is in the months EXIF says, and scroll-to a month brings its first photo to the top")
    func sectionsAndScrollToDate() async throws {
        let folder = try PhotoFolder()
        let cacheHome = TemporaryFolder("cascade-sections-cache")
        _ = try Self.writePhotos(Self.months, in: folder)
        let server = try await XServer()
        defer { server.stop() }
        let socket = NSTemporaryDirectory() + "cascade-sections-" + UUID().uuidString.prefix(8) + ".sock"
        defer { unlink(socket) }
        let child = try ChildProcess(cascadeBinary, [
            folder.path, "--geometry", "800x300", "--columns", "4", "--sort=date", "--control", socket,
        ], environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome.path])
        defer { child.stop() }
        do {
            let control = try await ControlConnection(socket)
            func state() async throws -> [String: Any] { try await control.data(["get-state"]) as? [String: Any] ?? [:] }
            func sections(_ state: [String: Any]) -> [[String]] {
                (state["sections"] as? [[String: Any]] ?? []).map { section in
                    [section["label"] as? String ?? "?", "\((section["count"] as? NSNumber)?.intValue ?? -1)",
                     "\((section["first"] as? NSNumber)?.intValue ?? -1)"]
                }
            }
            let expected = [["2016 · 2 photos", "2", "0"], ["March 2019 · 14 photos", "14", "2"], ["May 2019 · 10 photos", "10", "16"]]
            var seen: [[String]] = []
            #expect(try await eventually { seen = sections(try await state()); return seen == expected }, "sections: \(seen)")

            // May's heading at the top of the screen (below the top margin), its first photo
            // right under it, nothing of March in view. April has none: the first after it is May's.
            for date in ["2019-05", "2019-04"] {
                _ = try await control.data(["scroll-to", ["date": date]])
                var last: [String: Any] = [:]
                let landed = try await eventually {
                    last = try await state()
                    guard (last["moving"] as? Bool) == false, let offset = (last["offset"] as? NSNumber)?.doubleValue,
                          let may = (last["sections"] as? [[String: Any]])?.last, let rect = may["rect"] as? [String: Any],
                          let y = (rect["y"] as? NSNumber)?.doubleValue,
                          let visible = last["visible"] as? [[String: Any]] else { return false }
                    let indices = visible.compactMap { ($0["index"] as? NSNumber)?.intValue }
                    return abs(y - offset - 10) < 0.01 && indices.min() == 16
                }
                #expect(landed, "scroll-to \(date): \(last["offset"] ?? "?"), visible \(String(describing: last["visible"]).prefix(300))")
            }

            // The heading is drawn: May's, now at the top of the window, shows text in the
            // captions' colour (#CDCDD2) on the background.
            let window = try await server.display.waitForWindow(class: "cascade")
            let frame = try await server.display.waitUntilStill(window)
            var lit = 0
            for y in 10..<46 {
                for x in 10..<400 {
                    let p = frame.pixel(x, y)
                    if abs(p.r - 0xCD) + abs(p.g - 0xCD) + abs(p.b - 0xD2) < 60 { lit += 1 }
                }
            }
            #expect(lit > 50, "the heading's label is drawn (\(lit) pixels of its colour)")

            // mark-section with May's first photo at the top marks May's ten photos, no others.
            #expect(try await control.request(["mark-section"])["error"] as? String == "success")
            let marked = (try await state()["marked"] as? [[String: Any]] ?? []).compactMap { ($0["index"] as? NSNumber)?.intValue }
            #expect(marked == Array(16..<26), "the section's photos are marked: \(marked)")
            _ = try await control.data(["mark-clear"])

            // `cascade render` lays out and lists the same sections.
            let manifestFile = NSTemporaryDirectory() + "cascade-sections-" + UUID().uuidString + ".json"
            let pictureFile = NSTemporaryDirectory() + "cascade-sections-" + UUID().uuidString + ".png"
            defer { unlink(manifestFile); unlink(pictureFile) }
            let render = try await runTool(cascadeBinary, ["render", folder.path, "--width", "800", "--columns", "4", "--sort", "date",
                                                           "--out", pictureFile, "--manifest", manifestFile],
                                           environment: ["XDG_CACHE_HOME": cacheHome.path])
            #expect(render.status == .exited(0))
            let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
            let listed = (manifest.sections ?? []).map { [$0.label, "\($0.count)", "\($0.first)"] }
            #expect(listed == expected)
            let shown = try await state()["sections"] as? [[String: Any]] ?? []
            let rects = shown.compactMap { ($0["rect"] as? [String: Any]).flatMap { ($0["y"] as? NSNumber)?.doubleValue } }
            #expect((manifest.sections ?? []).map(\.rect.y) == rects, "the window's wall and the rendered one agree")

            let malformed = try await control.request(["scroll-to", ["date": "2019-13"]])
            #expect((malformed["error"] as? String)?.contains("needs a date") == true, "\(malformed)")
            _ = try await control.data(["sort", "name"])
            #expect(try await eventually { sections(try await state()).isEmpty }, "a wall sorted by name has no sections")
            let unsorted = try await control.request(["scroll-to", ["date": "2019-03"]])
            #expect((unsorted["error"] as? String)?.contains("sorted by date") == true, "\(unsorted)")
        } catch {
            throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)")
        }
    }
}
