// nsxiv's rotate keys as SDL reports them: `>` is Shift and the `.` key on most layouts (the
// key, not the character), `<` Shift and `,`; a layout with its own `>` key sends SDLK_GREATER.

import CSDL2
import Control
import Testing
@testable import App
@testable import Screen

@Suite("the rotate keys") @MainActor
struct RotateKeyTests {
    @Test("> turns clockwise and < counter-clockwise on the wall and a photo; . and , alone do nothing")
    func keys() {
        for mode in [ViewerMode.wall, .detail] {
            for key in [SDLEvents.press(SDLK_PERIOD, KMOD_LSHIFT), SDLEvents.press(SDLK_GREATER)] {
                #expect(key.flatMap { KeyBindings.command(for: $0, in: mode) } == .rotate(.clockwise), "\(mode)")
            }
            for key in [SDLEvents.press(SDLK_COMMA, KMOD_LSHIFT), SDLEvents.press(SDLK_LESS)] {
                #expect(key.flatMap { KeyBindings.command(for: $0, in: mode) } == .rotate(.counterClockwise), "\(mode)")
            }
            #expect(SDLEvents.press(SDLK_PERIOD).flatMap { KeyBindings.command(for: $0, in: mode) } == nil)
            #expect(SDLEvents.press(SDLK_COMMA).flatMap { KeyBindings.command(for: $0, in: mode) } == nil)
        }
        // The slideshow turns no files.
        #expect(SDLEvents.press(SDLK_PERIOD, KMOD_LSHIFT).flatMap { KeyBindings.command(for: $0, in: .slideshow) } == nil)
    }

    @Test("[keys] can name them: \">\", \"greater\", \"<\", \"less\"")
    func configured() throws {
        #expect(try KeyBinding.Chord(parsing: ">") == KeyBinding.Chord(.greater, shift: nil, control: false))
        #expect(try KeyBinding.Chord(parsing: "greater") == KeyBinding.Chord(.greater, shift: nil, control: false))
        #expect(try KeyBinding.Chord(parsing: "less") == KeyBinding.Chord(.less, shift: nil, control: false))
        #expect(try KeyBinding.Chord(parsing: "ctrl+<") == KeyBinding.Chord(.less, shift: nil, control: true))
    }
}
