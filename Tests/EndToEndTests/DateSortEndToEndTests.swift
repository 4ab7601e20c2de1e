// Photos whose EXIF dates contradict both their names and their file times: `--sort date`
// orders the wall by the EXIF dates, `-date` newest first, and the socket's `sort` orders a
// running wall anew — all read through `get-state`.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("Sorting by the date taken, end to end", .serialized)
struct DateSortEndToEndTests {
    /// Oldest to newest by EXIF: c, a, d, b. By name a, b, c, d; by file time d, c, b, a.
    static let taken = [("c.jpg", "1999:12:31 23:00:00", "+00:00"), ("a.jpg", "2005:06:01 08:00:00", "+02:00"),
                        ("d.jpg", "2012:03:04 05:06:07", nil), ("b.jpg", "2020:01:01 00:00:00", "-05:00")]

    final class Library {
        let folder: PhotoFolder
        let cacheHome = TemporaryFolder("cascade-dates-cache")

        init() throws {
            folder = try PhotoFolder()
            let plain = try folder.photo("plain.jpg", width: 320, height: 240, colour: "#406080")
            let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
            unlink(plain)
            for (name, date, offset) in DateSortEndToEndTests.taken {
                var exif = ExifFixture()
                exif.dateTaken = date
                exif.offsetTaken = offset
                let file = try folder.write(name, exif.inserted(into: jpeg))
                // File times the other way round from the names: d oldest, a newest.
                let seconds = 1_700_000_000 - Int(name.unicodeScalars.first!.value) * 1000
                var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
                try #require(utimensat(AT_FDCWD, file, &times, 0) == 0)
            }
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
                library.folder.path, "--geometry", "800x600", "--columns", "4", "--sort=\(argument)", "--control", socket,
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
}
