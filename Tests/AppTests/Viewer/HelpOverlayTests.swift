import CSDL2
import Control
import Testing
@testable import App
@testable import Screen

/// The help overlay is drawn from the table that binds the keys: every key that does something
/// in a mode is on that mode's help, with the words for what it does.
@Suite("help from the key table")
@MainActor
struct HelpOverlayTests {
    /// Every key the viewer knows, with and without Shift and Ctrl.
    private var everyPress: [KeyPress] {
        let keys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace,
                           .space, .tab, .plus, .minus, .question, .f1]
            + "abcdefghijklmnopqrstuvwxyz0123456789".map { Key.character($0) }
        return keys.flatMap { key in
            [false, true].flatMap { shift in [false, true].map { control in KeyPress(key, shift: shift, control: control) } }
        }
    }

    @Test("every binding of a mode is in a line of its help: its keys, a tab, its description; bindings that do the same share one", arguments: CommandTable.modes)
    func everyBindingIsInTheHelp(mode: ViewerMode) {
        let help = KeyBindings.help(for: mode)
        let bindings = KeyBindings.table.filter { $0.modes.contains(mode) }
        #expect(help.count == Set(bindings.map(\.description)).count)
        for binding in bindings {
            let line = help.first { $0.hasSuffix("\t" + binding.description) }
            #expect(line != nil, "\(binding.description) is missing from the \(mode) help")
            let labels = line.map { $0.split(separator: "\t")[0].split(separator: " ").map(String.init) } ?? []
            #expect(binding.chords.map(\.label).allSatisfy(labels.contains), "\(binding.description)")
        }
    }

    @Test("without an Immich server the help leaves out the keys that act on one", arguments: CommandTable.modes)
    func immichKeysOnlyWithImmich(mode: ViewerMode) {
        let with = KeyBindings(immich: true).help(for: mode), without = KeyBindings(immich: false).help(for: mode)
        #expect(without.allSatisfy { !$0.contains("Immich") }, "\(without)")
        #expect(with.count - without.count == with.count { $0.contains("Immich") })
        if mode == .wall { #expect(with.contains { $0.hasSuffix("\tfavourite in Immich") }) }
    }

    @Test("every key press that acts in a mode is named in that mode's help, next to what it does", arguments: CommandTable.modes)
    func everyActingKeyIsInTheHelp(mode: ViewerMode) {
        let help = KeyBindings.help(for: mode)
        var acting = 0
        for press in everyPress {
            guard let command = KeyBindings.command(for: press, in: mode) else { continue }
            acting += 1
            // The binding that acts and the chord that matched it.
            let matching = KeyBindings.table.filter { $0.modes.contains(mode) && $0.chords.contains { $0.matches(press) } }
            #expect(matching.count == 1, "\(press) is bound \(matching.count) times on the \(mode)")
            guard let binding = matching.first, let chord = binding.chords.first(where: { $0.matches(press) }) else { continue }
            #expect(binding.command == command)
            let line = help.first { $0.hasSuffix("\t" + binding.description) } ?? ""
            #expect(line.split(separator: "\t").first?.split(separator: " ").contains { $0 == chord.label } == true,
                    "\(press) (\(chord.label)) is not on the \(mode) help line \"\(line)\"")
        }
        // The scrubber's held thumb has Esc alone: a drag is no time for the help.
        #expect(acting > (mode == .scrubber ? 0 : 20), "the \(mode) has its keys")
    }

    @Test("? (Shift+/ or a layout's own ?) and F1 open the help, i the info panel, in both modes")
    func helpAndInfoKeys() {
        for mode in CommandTable.modes where mode != .scrubber {
            for key in [SDLEvents.press(SDLK_SLASH, KMOD_LSHIFT), SDLEvents.press(SDLK_QUESTION), SDLEvents.press(SDLK_F1)] {
                #expect(key.flatMap { KeyBindings.command(for: $0, in: mode) } == .toggleHelp, "\(mode)")
            }
            // The slideshow has no info panel: i there does nothing.
            #expect(SDLEvents.press(SDLK_i).flatMap { KeyBindings.command(for: $0, in: mode) } == (mode == .slideshow ? nil : .toggleInfo))
            #expect(SDLEvents.press(SDLK_SLASH).flatMap { KeyBindings.command(for: $0, in: mode) } == nil, "/ alone is not ?")
        }
        #expect(KeyBindings.help(for: .wall).contains("? F1\tthis help"))
        #expect(KeyBindings.help(for: .detail).contains("→ ↓ l j n PgDn Space\tnext photo"))
    }

    @Test("each screen's help, line by line in the table's order")
    func helpLines() {
        #expect(KeyBindings.help(for: .wall) == [
            "↑ k\tcursor up", "↓ j\tcursor down", "← h\tcursor left", "→ l\tcursor right",
            "Return\topen the photo at the cursor", "Esc Backspace\thide the cursor",
            "PgDn Space\tpage down", "PgUp Shift+Space\tpage up", "Home g\ttop: the first photo", "End G\tbottom: the last photo",
            "+ =\tbigger tiles (fewer columns or rows)", "-\tsmaller tiles (more columns or rows)", "S\tslideshow",
            "i\tphoto information", "? F1\tthis help", "f\tfull screen", "s\tframe statistics",
            "r\treload the folders", "q\tquit",
            ">\trotate the photo clockwise", "<\trotate the photo counter-clockwise",
            "Delete\tmove the photo to the trash", "u Ctrl+z\tundo the last trash or move",
            "m\tmark or unmark the photo", "Shift+↑ Shift+↓ Shift+← Shift+→\tmark from the photo marked last to the cursor",
            "M\tmark the cursor's whole section", "Ctrl+Shift+A\tclear every mark",
            "Ctrl+m\tmove to a folder", "C Ctrl+c\tcopy to a folder", "y Ctrl+Shift+C\tcopy the path to the clipboard",
            "v\tfavourite in Immich", "A\tarchive in Immich (off the wall)",
        ])
        #expect(KeyBindings.help(for: .detail) == [
            "→ ↓ l j n PgDn Space\tnext photo", "← ↑ h k p PgUp Shift+Space\tprevious photo",
            "Esc Backspace Return\tback to the wall", "Home g\tfirst photo", "End G\tlast photo",
            "+\tzoom in", "-\tzoom out", "0\tfit the photo to the window (a smaller one at its actual size)",
            "1 =\tactual size (1:1), or back to fit", "S\tslideshow", "t\tfilmstrip of the neighbours",
            "i\tphoto information", "? F1\tthis help", "f\tfull screen", "s\tframe statistics",
            "r\treload the folders", "q\tquit",
            ">\trotate the photo clockwise", "<\trotate the photo counter-clockwise",
            "Delete\tmove the photo to the trash", "u Ctrl+z\tundo the last trash or move",
            "m\tmark or unmark the photo", "Ctrl+Shift+A\tclear every mark",
            "Ctrl+m\tmove to a folder", "C Ctrl+c\tcopy to a folder", "y Ctrl+Shift+C\tcopy the path to the clipboard",
            "v\tfavourite in Immich", "A\tarchive in Immich (off the wall)",
        ])
        #expect(KeyBindings.help(for: .slideshow) == [
            "→ l n PgDn\tnext photo", "← h p PgUp\tprevious photo", "Space\tpause or go on",
            "Esc Backspace s\tback to the wall at this photo", "? F1\tthis help", "f\tfull screen", "q\tquit",
            "v\tfavourite in Immich", "A\tarchive in Immich (off the wall)",
        ])
    }
}
