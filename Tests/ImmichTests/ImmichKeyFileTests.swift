// The API key's file: its first line, and nothing a person would not type as a key. A file that is
// too large, holds control characters or other than ASCII is refused by its name alone, never its
// content; one others may read is warned of once.

import Foundation
import Testing
@testable import Immich
import TestSupport

@Suite("the Immich key file")
struct ImmichKeyFileTests {
    @Test("a key with a control character, not ASCII, or none at all is refused, naming the file and not its content",
          arguments: ["abc\u{01}def\n", "abc\u{7f}def", "kéy-123\n", "  \nkey-on-line-2\n", ""])
    func refused(text: String) throws {
        let folder = TemporaryFolder()
        let file = try folder.file("immich.key", text)
        #expect {
            try ImmichSettings.readKey(file)
        } throws: { error in
            let message = "\(error)"
            return message.contains(file) && !message.contains("abc") && !message.contains("key-") && !message.contains("k\u{e9}y")
        }
    }

    @Test("a key file of megabytes is refused without being read")
    func tooLarge() throws {
        let folder = TemporaryFolder()
        let file = try folder.file("immich.key", "a-key\n")
        // Sparse: 64 MiB on paper, a few bytes on the disk.
        #expect(truncate(file, 64 << 20) == 0)
        #expect {
            try ImmichSettings.readKey(file)
        } throws: { error in
            "\(error)".contains(file) && "\(error)".contains("4 KiB")
        }
    }

    @Test("a key file others may read is warned of once, naming the file; a private one is not")
    func readableByOthers() throws {
        let folder = TemporaryFolder()
        let file = try folder.file("immich.key", "a-key\n")
        func warnings(mode: mode_t) throws -> [String] {
            #expect(chmod(file, mode) == 0)
            let log = LogRecorder()
            var settings = ImmichSettings(url: "http://127.0.0.1:9", keyFile: file)
            settings.cacheFolder = folder.path + "/cache"
            settings.selection.favorites = true
            let source = try ImmichSource(settings: settings, environment: [:], log: log.logger)
            source.stopNow()
            return log.messages(at: .warning)
        }
        let shared = try warnings(mode: 0o644)
        #expect(shared.count == 1 && shared[0].contains(file), "\(shared)")
        #expect(shared.allSatisfy { !$0.contains("a-key") })
        #expect(try warnings(mode: 0o600).isEmpty)
    }
}
