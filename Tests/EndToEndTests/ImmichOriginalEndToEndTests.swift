// The photo view of an Immich frame shows the original, not the screen-sized preview the wall and
// the slideshow show: fetched when the photo is opened, the preview on screen until it has come,
// and the preview for good when the server is away.

import Foundation
import Testing
@testable import TestSupport

extension ImmichEndToEndTests {
    @Test("a photo opened shows its original once it has come; with the server away, its preview")
    func originalInThePhotoView() async throws {
        let home = TemporaryFolder()
        let key = try keyFile(home)
        let photos = try PhotoFolder()
        // Previews in one colour, originals (hidden beside them, as the stand-in serves them) in another.
        for name in ["IMG_0001.jpg", "IMG_0002.jpg"] {
            try photos.photo(name, width: 400, height: 300, colour: "#c03030")
            let original = try photos.photo("original.jpg", width: 1600, height: 1200, colour: "#3050d0")
            try FileManager.default.moveItem(atPath: original, toPath: photos.path + "/." + name + ".original")
        }
        let standIn = try await StandIn(photos: photos, keyFile: key)
        let frame = try await Frame(url: standIn.url, keyFile: key, cache: home.path + "/cache", config: home.path + "/c.toml")
        let control = try await frame.control()
        _ = try await frame.wall(control, count: 2)
        let window = try await frame.server.display.waitForWindow(class: "cascade")

        _ = try await control.data(["open", 0])
        try await frame.check {
            try await waitUntil("the original's colour in the photo view") {
                let shot = try await frame.server.display.waitUntilStill(window)
                return close(shot.pixel(400, 300), (48, 80, 208), tolerance: 24)
            }
        }
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: frame.folder + "/.originals")) ?? []
        #expect(kept.count == 1 && kept[0].hasSuffix(".jpg"), "\(kept)")
        // The wall and the slideshow keep the previews: nothing of the originals' folder is a tile.
        #expect(try await frame.state(control)["count"] as? Int == 2)

        // The server away: the next photo stays its preview, with a line saying why.
        standIn.stop()
        _ = try await control.data(["next"])
        try await frame.waitForLog("shows its preview")
        let shot = try await frame.server.display.waitUntilStill(window)
        #expect(close(shot.pixel(400, 300), (192, 48, 48), tolerance: 24), "\(shot.pixel(400, 300))")
        // The original kept is shown again without the server.
        _ = try await control.data(["previous"])
        try await frame.check {
            try await waitUntil("the kept original again") {
                let shot = try await frame.server.display.waitUntilStill(window)
                return close(shot.pixel(400, 300), (48, 80, 208), tolerance: 24)
            }
        }
    }
}
