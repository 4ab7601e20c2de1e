import Foundation
import Testing
@testable import App
@testable import TestSupport

@Suite("the mark on a moving photo")
struct MotionMarkTests {
    /// Render writes thumbnails as a side effect: into a folder of this test's, passed to the
    /// child, never through this process's environment (suites run side by side in it).
    let cache = TemporaryFolder("cascade-render-cache")

    @Test("an animated GIF's tile shows its first frame with a play mark in the corner; a still GIF's has none")
    func marked() throws {
        let folder = try PhotoFolder()
        try magick(["-delay", "10", "-size", "200x150", "xc:#d03030", "xc:#3050d0", folder.path + "/a-moving.gif"])
        try magick(["-size", "200x150", "xc:#d03030", folder.path + "/b-still.gif"])
        let out = folder.path + "/wall.png", manifestFile = folder.path + "/wall.json"
        let r = try cascadeRun(["render", folder.path, "--width", "420", "--columns", "2", "--margin", "10", "--no-captions",
                                "--out", out, "--manifest", manifestFile], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(r.status == 0, "\(r.err)")
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        let png = try loadPNG(out)
        for tile in manifest.tiles {
            let moving = tile.path.hasSuffix("a-moving.gif")
            let x = Int(tile.rect.x), bottom = Int(tile.rect.y + tile.rect.h)
            // Inside the mark's square (4 px in from the corner, 20 px a side), off its triangle.
            let square = png.rgb(x + 5, bottom - 6)
            let triangle = png.rgb(x + 4 + 8, bottom - 4 - 10)
            let middle = png.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(middle, (208, 48, 48)), "the first frame shows: \(middle)")
            if moving {
                #expect(square.r < 40 && square.g < 40 && square.b < 40, "dark square: \(square)")
                #expect(triangle.r > 150 && triangle.g > 150 && triangle.b > 150, "light triangle: \(triangle)")
            } else {
                #expect(close(square, (208, 48, 48)), "no mark on a still: \(square)")
            }
        }
    }
}
