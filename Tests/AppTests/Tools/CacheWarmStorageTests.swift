// `cascade cache warm` against a cache it cannot write: a thumbnail that could not
// be stored is not "made". Before, an unwritable cache reported "179 made" with no file written,
// a full disk "60 made" with 14 written.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// The numbers in `cascade cache warm`'s summary line.
private func summary(_ output: Data) throws -> (made: Int, notStored: Int) {
    let text = String(decoding: output, as: UTF8.self)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("cache warm:") }, "no summary in: \(text)")
    func number(before words: String) -> Int {
        guard let range = line.range(of: " " + words) else { return 0 }
        return Int(line[..<range.lowerBound].split(separator: " ").last ?? "") ?? 0
    }
    return (number(before: "made"), number(before: "could not be written"))
}

/// Photos that do not compress: a thumbnail of one is most of a 200 KiB disk.
private func noisyPhotos(_ count: Int) throws -> PhotoFolder {
    let folder = try PhotoFolder()
    let first = folder.path + "/noise-01.png"
    try magick(["-size", "600x400", "xc:gray", "+noise", "Random", first])
    for i in 2...count {
        try FileManager.default.copyItem(atPath: first, toPath: folder.path + String(format: "/noise-%02d.png", i))
    }
    return folder
}

@Suite("cache warm on a cache it cannot write", .serialized)
struct CacheWarmStorageTests {
    @Test("An unwritable cache: nothing counted as made, the failures reported, a non-zero exit")
    func unwritableCache() async throws {
        let folder = try PhotoFolder()
        for i in 1...6 { try folder.photo("photo-\(i).png", width: 400, height: 300, colour: "#\(i)0\(i)080") }
        let cache = NSTemporaryDirectory() + "cascade-unwritable-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // The size folder is a file: no thumbnail can go in, whoever runs the test (root too).
        try FileManager.default.createDirectory(atPath: cache + "/thumbnails", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: cache + "/thumbnails/large", contents: Data("not a folder".utf8))

        let run = try await runTool(cascadeBinary, ["cache", "warm", folder.path], environment: ["XDG_CACHE_HOME": cache])
        #expect(run.status == .exited(1))
        let counts = try summary(run.output)
        #expect(counts.made == 0 && counts.notStored == 6, "\(String(decoding: run.output, as: UTF8.self))")
    }

    @Test("A full disk: 'made' is exactly the thumbnails written, the rest reported as not written",
          .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func fullDisk() async throws {
        let folder = try noisyPhotos(12)
        let cache = NSTemporaryDirectory() + "cascade-full-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let mount = try await runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=200k", "tmpfs", cache])
        try #require(mount.status == .exited(0), "cannot mount a tmpfs here")
        defer { _ = umount(cache) }

        let run = try await runTool(cascadeBinary, ["cache", "warm", folder.path], environment: ["XDG_CACHE_HOME": cache])
        let counts = try summary(run.output)
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/thumbnails/large")) ?? [])
            .filter { $0.hasSuffix(".png") }
        #expect(counts.made == written.count, "\(String(decoding: run.output, as: UTF8.self))")
        #expect(counts.notStored == 12 - written.count && counts.notStored > 0)
        #expect(run.status == .exited(written.isEmpty ? 1 : 0))
    }
}
