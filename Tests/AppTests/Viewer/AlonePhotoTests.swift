import CSDL2
import Foundation
import Testing
@testable import App
import Photos
import Screen
@testable import TestSupport

/// `cascade photo.jpg`: the photo opens alone at once and takes its place among its folder's
/// photos when the scan comes in — whether the scan beats the photo's decode or not — without
/// being decoded again, and next, previous and Esc then work on the folder.
@Suite("one photo opened alone, then its folder", .serialized)
@MainActor
struct AlonePhotoTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// Whether the open photo is decoded and on screen: the detail view takes a list only then.
    private func photoShown(_ session: ViewerSession) -> Bool {
        guard let detail = session.detail else { return false }
        return detail.adopt(detail.entries, index: detail.index)
    }

    @Test("the folder arriving while the photo is still decoding waits for that decode, then the photo is at its place")
    func folderBeforeThePhoto() throws {
        let library = try ColourLibrary(count: 6)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop()
        let session = loop.session
        session.wall.openAlone(library.entries[3])
        // Before any frame: the photo's decode is on its way.
        session.finishScan(.scanned(library.entries, issues: [], live: nil, edit: nil))
        #expect(session.wall.entries.count == 6 && session.wall.cursor == 3)
        #expect(session.openIndex == 3, "get-state's selected")
        #expect(session.detailRehomePending, "the decode in flight is keyed by the photo's place in the list of one")
        #expect(loop.run { !session.detailRehomePending })
        let detail = try #require(session.detail)
        #expect(detail.index == 3 && detail.entries.count == 6 && detail.entry.path == library.entries[3].path)
        #expect(photoShown(session), "the decode that was on its way was not lost")

        session.handle(.key(KeyPress(.right)))
        #expect(session.detail?.entry.path == library.entries[4].path, "next is the folder's next photo")
        session.handle(.key(KeyPress(.escape)))
        #expect(session.detail == nil && session.wall.cursor == 4, "Esc: the folder's wall, the cursor on the photo last shown")
    }

    @Test("the folder arriving after the photo is on screen keeps it there, not decoded again")
    func photoBeforeTheFolder() throws {
        let library = try ColourLibrary(count: 6)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop()
        let session = loop.session
        session.wall.openAlone(library.entries[2])
        #expect(session.detail?.entries.count == 1 && session.wall.entries.count == 1)
        #expect(loop.run { photoShown(session) })
        session.finishScan(.scanned(library.entries, issues: [], live: nil, edit: nil))
        #expect(!session.detailRehomePending)
        #expect(session.detail?.index == 2 && session.detail?.entries.count == 6)
        #expect(photoShown(session), "the photo's texture moved to its new place with it")
        session.handle(.key(KeyPress(.left)))
        #expect(session.detail?.entry.path == library.entries[1].path)
    }

    @Test("a photo its folder's walk does not list (a hidden file) stays open, alone on its wall")
    func hiddenPhotoStaysAlone() throws {
        let library = try ColourLibrary(count: 4)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let hidden = library.folder.path + "/.hidden.png"
        try FileManager.default.copyItem(atPath: library.folder.path + "/p01.png", toPath: hidden)
        let entry = try #require(PhotoScanner().entry(at: PhotoPath(hidden), relative: PhotoPath(".hidden.png"), group: 0))
        let loop = try SessionLoop()
        let session = loop.session
        session.wall.openAlone(entry)
        session.finishScan(.scanned(library.entries, issues: [], live: nil, edit: nil))
        #expect(session.wall.entries.map(\.path) == [entry.path])
        #expect(session.openIndex == 0 && session.detail?.entry.path == entry.path)
    }
}
