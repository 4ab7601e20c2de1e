// The scrubber's commands: Esc while its thumb is held; everything else is the wall's. What
// opens a screen over the wall (a photo, the slideshow) closes the rail first, so the new
// screen lies on the wall and not on a rail that would outlive it.

import Control

extension ScrubberScreen {
    func perform(_ command: Command, from origin: CommandOrigin) -> CommandOutcome {
        switch command {
        case .back where isDragging:
            cancelDrag()
            return .ok
        case .select, .open, .openAtCursor, .slideshow(.start):
            return .closeThenBeneath
        default:
            return .beneath
        }
    }
}
