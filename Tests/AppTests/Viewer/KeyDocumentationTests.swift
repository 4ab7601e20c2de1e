// The keys the documents list are the keys the viewer has: docs/desktop.md's tables for the wall
// and one photo, docs/photo-frame.md's paragraph for the slideshow.

import Control
import Foundation
import Testing
@testable import App
import TestSupport

@Suite("the standard keys, as the documents give them")
struct KeyDocumentationTests {
    /// The lines of `file` from the one that starts with `start` while they start with `prefix`.
    private func section(_ file: String, from start: String, whileStartingWith prefix: String) throws -> String {
        let text = try String(contentsOfFile: packageRoot + "/docs/" + file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix(start) }, "docs/\(file) has no \"\(start)\"")
        let rest = lines[(first + 1)...].prefix { $0.hasPrefix(prefix) }
        return ([lines[first]] + rest).joined(separator: "\n")
    }

    /// How the documents write a key: a letter, digit or sign in backticks, the others by name.
    private func written(_ label: String) -> String {
        label.count == 1 && label.first?.isASCII == true ? "`\(label)`" : label
    }

    private func check(_ mode: ViewerMode, _ text: String, in file: String) {
        let labels = KeyBindings.standard.filter { $0.modes.contains(mode) }.flatMap(\.chords).map(\.label)
        for label in labels {
            #expect(text.contains(written(label)), "docs/\(file) does not give \(label) on the \(mode)")
        }
        // Every key in backticks is one the screen has.
        let quoted = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.count == 1 }.map { String($0.element) }
        for key in quoted {
            #expect(labels.contains(key), "docs/\(file) gives `\(key)` on the \(mode), which has no such key")
        }
    }

    @Test("docs/desktop.md gives every standard key of the wall, of one photo and of the scrubber, and no other")
    func desktop() throws {
        check(.wall, try section("desktop.md", from: "| on the wall |", whileStartingWith: "|"), in: "desktop.md")
        check(.detail, try section("desktop.md", from: "| on one photo |", whileStartingWith: "|"), in: "desktop.md")
        check(.scrubber, try section("desktop.md", from: "| on the scrubber |", whileStartingWith: "|"), in: "desktop.md")
    }

    @Test("docs/photo-frame.md gives every standard key of the slideshow, and no other")
    func slideshow() throws {
        check(.slideshow, try section("photo-frame.md", from: "- **Touch and keys**", whileStartingWith: "  "), in: "photo-frame.md")
    }
}
