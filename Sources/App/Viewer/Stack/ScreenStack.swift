// The screens on top of each other: the wall at the bottom, a photo or the slideshow over it. The
// top one gets input and draws; a command goes down from the top until a screen takes it.

import Control

@MainActor
final class ScreenStack {
    private(set) var screens: [any ViewerScreen]

    init(bottom: any ViewerScreen) { screens = [bottom] }

    var top: any ViewerScreen { screens[screens.count - 1] }
    var bottom: any ViewerScreen { screens[0] }
    /// Whether the bottom screen is the one in view: nothing open over the wall but controls
    /// laid on it (the scrubber).
    var isAtBottom: Bool { screens.dropFirst().allSatisfy { !$0.coversBeneath } }

    func push(_ screen: any ViewerScreen) { screens.append(screen) }

    /// Takes `screen` and those above it off the stack, top first; returns them. The bottom
    /// screen stays.
    func remove(_ screen: any ViewerScreen) -> [any ViewerScreen] {
        guard let at = screens.firstIndex(where: { $0 === screen }), at > 0 else { return [] }
        let removed = screens[at...].reversed()
        screens.removeSubrange(at...)
        return Array(removed)
    }

    /// The screen that asked for a decode, if it is still open.
    func screen(_ id: ScreenID) -> (any ViewerScreen)? { screens.last { $0.id == id } }

    /// Goes down from the top until a screen takes `command`: a screen that passes it on stays,
    /// one that closes for it is dismissed through `dismiss` first (which takes it off this stack). No screen taking it is no
    /// error: a key that means nothing here does nothing.
    func perform(_ command: Command, from origin: CommandOrigin,
                 dismiss: (any ViewerScreen) -> Void) -> Result<JSONValue, ControlError> {
        for screen in Array(screens.reversed()) {
            switch screen.perform(command, from: origin) {
            case .done(let result): return result
            case .beneath: continue
            case .closeThenBeneath: dismiss(screen)
            }
        }
        return .success(.null)
    }
}
