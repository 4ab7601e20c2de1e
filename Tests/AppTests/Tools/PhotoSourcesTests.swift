import Foundation
import Testing
@testable import App
import Photos
@testable import TestSupport

@Suite("default photo source")
struct PhotoSourcesTests {
    @Test("named paths win; then a Pictures folder with photos; then the bundled samples")
    func order() throws {
        let env = ["HOME": "/home/ann", "CASCADE_ASSETS": packageRoot + "/assets"]
        #expect(try PhotoSources.choose(arguments: ["/a", "b"], environment: env) { _ in true } == .named([PhotoPath("/a"), PhotoPath("b")]))
        #expect(try PhotoSources.choose(arguments: [], environment: env) { _ in true } == .pictures(PhotoPath("/home/ann/Pictures")))
        let samples = try PhotoSources.choose(arguments: [], environment: env) { _ in false }
        #expect(samples == .samples(PhotoPath(packageRoot + "/assets/samples")))
    }

    @Test("one file named alone opens among its folder's photos; several files, or a folder, are the wall of just those")
    func oneFileOpensAmongItsFolder() throws {
        let folder = try PhotoFolder()
        let a = try folder.write("a.jpg", [0xFF, 0xD8, 0xFF]), b = try folder.write("b.jpg", [0xFF, 0xD8, 0xFF])
        let env = ["HOME": "/home/ann"]
        #expect(try PhotoSources.choose(arguments: [a], environment: env) == .photo(PhotoPath(a), folder: PhotoPath(folder.path)))
        #expect(try PhotoSources.choose(arguments: [a], environment: env).paths == [PhotoPath(folder.path)])
        // Its own folder's photos, not the folders below it; a folder named is its whole tree.
        #expect(try PhotoSources.choose(arguments: [a], environment: env).depth == .ownFiles)
        #expect(try PhotoSources.choose(arguments: [folder.path], environment: env).depth == .tree)
        // Relative and unclean, as a shell or a file manager may pass it: the folder is absolute.
        let relative = try PhotoSources.choose(arguments: [folder.path + "/.//a.jpg"], environment: env)
        #expect(relative == .photo(PhotoPath(a), folder: PhotoPath(folder.path)))
        #expect(try PhotoSources.choose(arguments: [a, b], environment: env) == .named([PhotoPath(a), PhotoPath(b)]))
        #expect(try PhotoSources.choose(arguments: [folder.path], environment: env) == .named([PhotoPath(folder.path)]))
        #expect(PhotoPath("/top.jpg").parent == PhotoPath("/"))
    }

    @Test("the Pictures folder comes from user-dirs.dirs, localised names included")
    func userDirs() throws {
        let config = NSTemporaryDirectory() + "cascade-xdg-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: config) }
        try "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Schreibtisch\"\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
            .write(toFile: config + "/user-dirs.dirs", atomically: true, encoding: .utf8)
        let folder = PhotoSources.picturesFolder(environment: ["HOME": "/home/jens", "XDG_CONFIG_HOME": config])
        #expect(folder == PhotoPath("/home/jens/Bilder"))
        #expect(PhotoSources.picturesFolder(environment: ["HOME": "/home/jens", "XDG_CONFIG_HOME": "/nonexistent"]) == PhotoPath("/home/jens/Pictures"))
    }
}
