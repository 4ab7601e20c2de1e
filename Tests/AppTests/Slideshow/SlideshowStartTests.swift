import Testing
@testable import App
import Photos

/// Where a slideshow begins: on the photo someone started it on, in the wall's order, unless a
/// shuffle was asked for; the photo frame's own start keeps its fair shuffle.
@Suite("The slideshow's first photo") @MainActor
struct SlideshowStartTests {
    private let entries = (1...6).map { i in
        PhotoEntry(path: PhotoPath("/photos/\(i).jpg"), relative: PhotoPath("\(i).jpg"), group: 0,
                   mtime: FileTime(seconds: Int64(i), nanoseconds: 0), fileSize: 1, fileID: FileID(device: 1, inode: UInt64(i)))
    }

    private func playlist(_ settings: SlideshowSettings, start: Int?) -> SlideshowPlaylist {
        SlideshowPlaylist(entries: entries, settings: settings, start: start.map { entries[$0].path }, roots: [PhotoPath("/photos")],
                          indexFile: nil, log: Log.shared)
    }

    private func names(_ playlist: SlideshowPlaylist, _ count: Int) -> [String] {
        (0..<count).compactMap { _ in playlist.next(pairing: false).first?.path.lastComponent.string }
    }

    @Test("started on the third photo with no order asked: the third, then the wall's order, round to the first")
    func startsOnThePhoto() {
        let slides = playlist(SlideshowSettings(), start: 2)
        #expect(slides.runsIn == .name)
        #expect(names(slides, 6) == ["3.jpg", "4.jpg", "5.jpg", "6.jpg", "1.jpg", "2.jpg"])
    }

    @Test("date asked for: from the photo too, in that order")
    func startsOnThePhotoByDate() {
        var settings = SlideshowSettings()
        settings.order = .date
        #expect(names(playlist(settings, start: 4), 3) == ["5.jpg", "6.jpg", "1.jpg"])
    }

    @Test("a shuffle asked for, or no photo to start on (the photo frame), shuffles as before")
    func shuffleWhenAskedOrWithoutAPhoto() {
        var shuffled = SlideshowSettings()
        shuffled.order = .random
        shuffled.seed = 7
        #expect(playlist(shuffled, start: 2).runsIn == .random)
        var frame = SlideshowSettings()
        frame.seed = 7
        let fair = playlist(frame, start: nil)
        #expect(fair.runsIn == .fair)
        #expect(Set(names(fair, 6)) == Set(entries.map { $0.path.lastComponent.string }), "each photo once in a round")
    }
}
