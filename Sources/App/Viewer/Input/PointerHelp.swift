// What the mouse and fingers do on each screen, for the help panel under the keys: a person who
// never touches the keyboard (a touch screen, a mouse user) reads there what a click, the wheel,
// a drag or a pinch does. Gestures are not in the command table — they act through the screens'
// own gesture handling — so their lines are written here, beside it in the help.

import Control

enum PointerHelp {
    /// `immich`: a server is configured, whose photos a long press favourites.
    static func lines(for mode: ViewerMode, immich: Bool = false) -> [String] {
        let favourite = immich ? ["long press\tfavourite in Immich"] : []
        switch mode {
        case .wall:
            return ["click, tap\topen the photo", "wheel, drag, fling\tscroll",
                    "Ctrl+wheel, pinch\tmore or fewer columns", "right-click\tthe photo's information",
                    "long press, Shift+click\tmark the photo; mark from the cursor to it",
                    "back button\tas Backspace"]
        case .detail:
            return ["wheel, pinch\tzoom about the pointer or the fingers", "drag, swipe\tpan a zoomed photo; else next or previous",
                    "click beside the photo\tback to the wall", "right-click\tthe photo's information",
                    "back button\tback to the wall"] + favourite
        case .slideshow:
            return ["click, tap on the photo\tpause or go on", "swipe\tnext or previous", "click beside it\tback to the wall"] + favourite
        default:
            return []
        }
    }
}
