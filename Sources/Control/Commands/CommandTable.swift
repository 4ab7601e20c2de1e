// Every command the viewer knows, one row each: its name, how its argument is read, its standard
// keys per screen and the help's words for them, whether it repeats when held, whether it only
// asks. The socket's decoder, `cascade ctl` and `[keys]` (Command.parse), the key bindings and the
// help overlay are all made from these rows, and the docs are checked against them — a new
// command is a row here and its case in the viewer's perform.
//
// The rows' order is the help's order on every screen (a screen lists the rows it has keys in).

public enum CommandTable {
    private static let wallAndPhoto: [ViewerMode] = [.wall, .detail]
    private static let everywhere: [ViewerMode] = [.wall, .detail, .slideshow]

    public static let rows: [CommandRow] = [
        CommandRow("get-state", .getState, query: true),
        CommandRow("get-stats", .getStats, query: true),
        CommandRow("scroll-to", nil, argument: .scrollTarget),
        CommandRow("select", nil, argument: .index { .select($0) }),

        CommandRow("cursor-up", .moveCursor(.up), repeats: true, keys: [.init([.wall], [.init("up", shift: false), "k"], "cursor up")]),
        CommandRow("cursor-down", .moveCursor(.down), repeats: true, keys: [.init([.wall], [.init("down", shift: false), "j"], "cursor down")]),
        CommandRow("cursor-left", .moveCursor(.left), repeats: true, keys: [.init([.wall], [.init("left", shift: false), "h"], "cursor left")]),
        CommandRow("cursor-right", .moveCursor(.right), repeats: true, keys: [.init([.wall], [.init("right", shift: false), "l"], "cursor right")]),
        // Alone, Return's open: the photo at the cursor, or the first one on screen.
        CommandRow("open", .openAtCursor, argument: .index { .open($0) },
                   keys: [.init([.wall], ["return"], "open the photo at the cursor")]),
        CommandRow("close", .close),
        CommandRow("next", .next, repeats: true, keys: [
            .init([.detail], ["right", "down", "l", "j", "n", "pagedown", .init("space", shift: false)], "next photo"),
        ]),
        CommandRow("previous", .previous, repeats: true, keys: [
            .init([.detail], ["left", "up", "h", "k", "p", "pageup", .init("space", shift: true)], "previous photo"),
        ]),
        CommandRow("slideshow next", .slideshow(.next), repeats: true, keys: [
            .init([.slideshow], ["right", "l", "n", "pagedown"], "next photo"),
        ]),
        CommandRow("slideshow prev", .slideshow(.previous), repeats: true, keys: [
            .init([.slideshow], ["left", "h", "p", "pageup"], "previous photo"),
        ]),
        CommandRow("slideshow toggle", .slideshow(.togglePause), keys: [.init([.slideshow], ["space"], "pause or go on")]),
        CommandRow("pause", .slideshow(.togglePause)),
        CommandRow("back", .back, keys: [
            .init([.wall], ["escape", "backspace"], "hide the cursor"),
            .init([.detail], ["escape", "backspace", "return"], "back to the wall"),
            .init([.slideshow], ["escape", "backspace", .init("s", control: false)], "back to the wall at this photo"),
            // The date scrubber's thumb held: the wall goes back to where the drag began.
            .init([.scrubber], ["escape"], "cancel the drag: the wall goes back"),
        ]),
        CommandRow("page-down", .pageDown, repeats: true, keys: [.init([.wall], ["pagedown", .init("space", shift: false)], "page down")]),
        CommandRow("page-up", .pageUp, repeats: true, keys: [.init([.wall], ["pageup", .init("space", shift: true)], "page up")]),
        CommandRow("top", .top, keys: [.init([.wall], ["home", .init("g", shift: false)], "top: the first photo")]),
        CommandRow("bottom", .bottom, keys: [.init([.wall], ["end", "G"], "bottom: the last photo")]),
        CommandRow("first", .first, keys: [.init([.detail], ["home", .init("g", shift: false)], "first photo")]),
        CommandRow("last", .last, keys: [.init([.detail], ["end", "G"], "last photo")]),
        CommandRow("zoom-in", .zoomIn, repeats: true, keys: [
            .init([.wall], ["+", "="], "bigger tiles (fewer columns or rows)"),
            .init([.detail], ["+"], "zoom in"),
        ]),
        CommandRow("zoom-out", .zoomOut, repeats: true, keys: [
            .init([.wall], ["-"], "smaller tiles (more columns or rows)"),
            .init([.detail], ["-"], "zoom out"),
        ]),
        CommandRow("reset-zoom", .resetZoom, keys: [.init([.detail], ["0"], "fit the photo to the window (a smaller one at its actual size)")]),
        CommandRow("actual-size", .actualSize, keys: [.init([.detail], ["1", "="], "actual size (1:1), or back to fit")]),
        CommandRow("set-columns", nil, argument: .columns),
        CommandRow("set-rows", nil, argument: .rows),
        CommandRow("set-direction", nil, argument: .direction),
        // Alone it starts the slideshow (S); with a word, any of its requests.
        CommandRow("slideshow", .slideshow(.start), argument: .slideshow,
                   keys: [.init(wallAndPhoto, [.init("S", control: false)], "slideshow")]),

        // t for thumbnails: nsxiv's b (its bar) and Return (its thumbnail mode) mean other things here.
        CommandRow("filmstrip", .toggleFilmstrip, keys: [.init([.detail], [.init("t", control: false)], "filmstrip of the neighbours")]),
        CommandRow("info", .toggleInfo, keys: [.init(wallAndPhoto, [.init("i", control: false)], "photo information")]),
        CommandRow("help", .toggleHelp, keys: [.init(everywhere, ["?", "f1"], "this help")]),
        CommandRow("fullscreen", .toggleFullscreen, keys: [.init(everywhere, [.init("f", control: false)], "full screen")]),
        CommandRow("stats", .toggleStats, keys: [.init(wallAndPhoto, [.init("s", shift: false, control: false)], "frame statistics")]),
        CommandRow("reload", .reload, keys: [.init(wallAndPhoto, [.init("r", control: false)], "reload the folders")]),
        CommandRow("screen", nil, argument: .screen),
        CommandRow("quit", .quit, keys: [.init(everywhere, ["q"], "quit")]),

        // The photo's file turned on disk (losslessly for a JPEG); nsxiv's keys.
        CommandRow("rotate", nil, argument: .rotation),
        CommandRow("rotate 90", .rotate(.clockwise), keys: [.init(wallAndPhoto, [">"], "rotate the photo clockwise")]),
        CommandRow("rotate 270", .rotate(.counterClockwise), keys: [.init(wallAndPhoto, ["<"], "rotate the photo counter-clockwise")]),
        // No key: neither nsxiv nor imv has one for ordering, and every free letter near the
        // wall's keys is a guess; `[keys]` binds one (`o = "sort -date"`).
        CommandRow("sort", nil, argument: .sort),
        // Files: to the trash and back. Alone, trash takes the open photo or the cursor's.
        CommandRow("trash", .trash(nil), argument: .index { .trash($0) },
                   keys: [.init(wallAndPhoto, ["delete"], "move the photo to the trash")]),
        CommandRow("restore", .restore, keys: [
            .init(wallAndPhoto, [.init("u", control: false), .init("z", control: true)], "undo the last trash or move"),
        ]),

        // Marks: the photos chosen to act on together. nsxiv's m and M; Ctrl+Shift+A is the
        // "select none" of gThumb and GTK's file views. Alone, mark and unmark take the open
        // photo or the cursor's.
        CommandRow("mark", .mark([]), argument: .photos { .mark($0) }),
        CommandRow("unmark", .unmark([]), argument: .photos { .unmark($0) }),
        CommandRow("mark-toggle", .toggleMark, keys: [.init(wallAndPhoto, [.init("m", shift: false, control: false)], "mark or unmark the photo")]),
        CommandRow("mark-extend up", .extendMarks(.up), repeats: true, keys: [.init([.wall], [.init("up", shift: true)], "mark from the photo marked last to the cursor")]),
        CommandRow("mark-extend down", .extendMarks(.down), repeats: true, keys: [.init([.wall], [.init("down", shift: true)], "mark from the photo marked last to the cursor")]),
        CommandRow("mark-extend left", .extendMarks(.left), repeats: true, keys: [.init([.wall], [.init("left", shift: true)], "mark from the photo marked last to the cursor")]),
        CommandRow("mark-extend right", .extendMarks(.right), repeats: true, keys: [.init([.wall], [.init("right", shift: true)], "mark from the photo marked last to the cursor")]),
        CommandRow("mark-section", .markSection, keys: [.init([.wall], [.init("M", control: false)], "mark the cursor's whole section")]),
        CommandRow("mark-clear", .clearMarks, keys: [.init(wallAndPhoto, [.init("A", control: true)], "clear every mark")]),

        // Acting on the targets: the marked photos, else the open one, else the cursor's.
        // geeqie's keys for move and copy (Ctrl+M, Ctrl+C), and C beside copy's; M is nsxiv's
        // for the marks, so move has Ctrl+M alone.
        CommandRow("move", .transfer(.move, to: nil, .targets), argument: .transfer(.move), keys: [
            .init(wallAndPhoto, [.init("m", shift: false, control: true)], "move to a folder"),
        ]),
        CommandRow("copy", .transfer(.copy, to: nil, .targets), argument: .transfer(.copy), keys: [
            .init(wallAndPhoto, [.init("C", control: false), .init("c", shift: false, control: true)], "copy to a folder"),
        ]),
        CommandRow("copy-path", .copyPath(.targets), argument: .copyPath, keys: [
            .init(wallAndPhoto, [.init("y", shift: false, control: false), .init("C", control: true)], "copy the path to the clipboard"),
        ]),
        // Its keys are the configured commands' own.
        CommandRow("run", nil, argument: .run),

        // A message over the screen from the home ("Dinner's ready"), and its dismissal. No key:
        // they come from programs, Home Assistant's text entity and button among them.
        CommandRow("message", nil, argument: .message),
        CommandRow("message-clear", .message(nil)),
        // The slideshow's pace and change while it runs, as --interval and --transition set them.
        CommandRow("slideshow-interval", nil, argument: .slideInterval),
        CommandRow("transition", nil, argument: .transition),

        // The panel's backlight, where there is one (a laptop's, the Pi's touch display): from
        // Home Assistant's number entity or a script. No key: a frame's owner sets it once.
        CommandRow("brightness", nil, argument: .brightness),
        // The photo on screen to the trash, from Home Assistant's button; `restore` undoes it.
        CommandRow("trash shown", .trashShown),
        // One of the configured folders on the wall, or all of them (Home Assistant's select).
        CommandRow("folder", nil, argument: .folder),
        // A photo from Immich (docs/immich.md) changed on the server. Immich's own f and a are
        // full screen and the marks' here: v (fa-v-ourite) and Shift+a, which Ctrl+Shift+a's
        // "clear every mark" leaves free.
        CommandRow("favorite", .immich(.favorite, path: nil), argument: .photoPath { .immich(.favorite, path: $0) },
                   keys: [.init(everywhere, [.init("v", control: false)], "favourite in Immich")]),
        CommandRow("unfavorite", .immich(.unfavorite, path: nil), argument: .photoPath { .immich(.unfavorite, path: $0) }),
        CommandRow("archive", .immich(.archive, path: nil), argument: .photoPath { .immich(.archive, path: $0) },
                   keys: [.init(everywhere, [.init("A", control: false)], "archive in Immich (off the wall)")]),
    ]

    /// The commands' names, each once, in the table's order.
    public static let names: [String] = rows.map(\.name).reduce(into: []) { names, name in
        if !names.contains(name) { names.append(name) }
    }

    /// The screens the rows have keys on, in the order they first appear: every screen there is,
    /// since each has at least its help key.
    public static let modes: [ViewerMode] = rows.flatMap(\.keys).flatMap(\.modes).reduce(into: []) { modes, mode in
        if !modes.contains(mode) { modes.append(mode) }
    }

    /// The row whose words alone give `command`: its repeat and its query flag.
    public static func row(giving command: Command) -> CommandRow? {
        rows.first { $0.command == command }
    }

    /// The command `name` and `arguments` ask for, or nil when no row has that name. Exactly the
    /// row's extra words, or none, give its command; otherwise the one argument its reader takes.
    static func command(_ name: String, _ arguments: [JSONValue]) throws(ControlError) -> Command? {
        let named = rows.filter { $0.name == name }
        guard !named.isEmpty else { return nil }
        if let row = named.first(where: { $0.command != nil && $0.words.dropFirst().map(JSONValue.string) == arguments }) {
            return row.command
        }
        guard let argument = named.first(where: { $0.argument != nil })?.argument else {
            try expect(name, arguments, count: 0)
            throw ControlError("\(name) needs one of: \(named.map { $0.words.joined(separator: " ") }.joined(separator: ", "))")
        }
        try expect(name, arguments, count: 1)
        return try argument.read(name, arguments[0])
    }

    private static func expect(_ name: String, _ arguments: [JSONValue], count: Int) throws(ControlError) {
        guard arguments.count != count else { return }
        let wanted = count == 0 ? "no arguments" : count == 1 ? "1 argument" : "\(count) arguments"
        throw ControlError("\(name) takes \(wanted), got \(arguments.count)")
    }
}
