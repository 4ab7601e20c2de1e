import App
import ArgumentParser

struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Send a command to a running cascade over its control socket, or follow its events.",
        discussion: """
            Commands: get-state; get-stats; scroll-to '{"index":I}' or '{"offset":Y}' (add "animated":true to glide); \
            select I; open I; close; set-columns N or auto; set-rows N or auto; set-direction vertical or horizontal; \
            reload; screen on, off or auto; \
            slideshow start, stop, next, prev, pause, resume or toggle; sort name, date, mtime, size or random \
            (a leading - reverses: sort -date is newest first); any key's command by its name (next, page-down, \
            zoom-in, …); quit. Whole numbers are sent as numbers, \
            {…} and […] as JSON, true and false as bools, anything else as a string. The reply's data is \
            printed as one line of JSON.

            Events for --follow: selected, opened, closed, added, removed, load-error, scanned, screen-on, screen-off, display-lost, display-back, \
            shown (default: all).

            The socket is --socket, else $CASCADE_CONTROL, else $XDG_RUNTIME_DIR/cascade/control.sock if it \
            exists, else /run/cascade/control.sock.

            Exit status: 0 done, 1 the command failed, 2 cannot reach cascade, 64 bad arguments.
            """)

    @Option(help: ArgumentHelp("The control socket.", valueName: "PATH"))
    var socket: String?

    @Flag(help: "Print events as they come, one JSON object per line, until cascade closes the socket.")
    var follow = false

    @Flag(help: ArgumentHelp("Read commands from standard input, one per line (words split as a shell splits them), send them over one connection and print each whole reply as one line of JSON, until the input ends."))
    var batch = false

    @Option(parsing: .unconditional, help: Limits.replyTimeout.help("Seconds to wait for a reply", default: "10", valueName: "SECONDS"),
            transform: Limits.replyTimeout.read)
    var timeout: Double = 10

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("COMMAND [ARG…], or with --follow the events to print.", valueName: "words"))
    var words: [String] = []

    func validate() throws {
        if follow, batch { throw ValidationError("--follow and --batch cannot be used together") }
        if !follow, !batch, words.isEmpty { throw ValidationError("name a command, e.g. `cascade ctl get-state`") }
    }

    func run() throws {
        let lines = batch ? AnySequence { AnyIterator { readLine(strippingNewline: true) } } : nil
        let status = Ctl.run(socket: socket, command: follow ? [] : words, follow: follow ? words : nil,
                             batch: lines, timeout: timeout)
        if status != 0 { throw ExitCode(status) }
    }
}
