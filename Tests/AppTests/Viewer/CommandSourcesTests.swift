import CSDL2
import Control
import Foundation
import Logging
import Locking
import Testing
@testable import App
import Screen
import Waterfall

/// Keys, taps, clicks and the control socket give the viewer one kind of command, performed in
/// one place: the same command through a key, a finger's tap or a click (a standard key or a
/// configured `[keys]` binding, pushed through SDL's queue) and through the socket leaves the
/// wall in the same state.
@Suite("one command set: keys, clicks and the control socket", .serialized)
@MainActor
struct CommandSourcesTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    static let keysFile = """
        [keys]
        "ctrl+o" = "open 4"
        "c" = "set-columns 2"
        "wall:ctrl+e" = "scroll-to {\\"index\\":20}"
        """

    @Test("a tap, a click, standard keys and bound keys against the socket's commands of the same names: the same state")
    func keyAndSocketAgree() throws {
        let library = try ColourLibrary(count: 30)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let bindings = try ConfigFile.parseKeyBindings(Self.keysFile, file: "/etc/cascade/cascade.toml", keys: viewKeys)
        #expect(bindings.map(\.text) == ["open 4", "set-columns 2", "scroll-to {\"index\":20}"])
        try compare(library, bindings: bindings)
    }

    private func compare(_ library: ColourLibrary, bindings: [ConfigKeyBinding]) throws {
        let rig = try CommandRig(library, bindings: bindings)
        defer { rig.stop() }
        // A click on a tile is the socket's select of that tile.
        let tapped = try #require(rig.session.wall.view.drawnCellIndex(at: Point(x: 60, y: 60)))
        let click = [SDLEvents.mouseButton(down: true, x: 60, y: 60, ms: 0), SDLEvents.mouseButton(down: false, x: 60, y: 60, ms: 0)]
        // A finger's tap on the touch screen is the same select.
        let tap = [SDLEvents.finger(SDL_FINGERDOWN, id: 7, x: 60.0 / 400, y: 60.0 / 300, ms: 0),
                   SDLEvents.finger(SDL_FINGERUP, id: 7, x: 60.0 / 400, y: 60.0 / 300, ms: 40)]
        let steps: [(input: [SDL_Event], socket: [JSONValue])] = [
            (tap, [.string("select"), .int(tapped)]),
            ([SDLEvents.key(SDLK_ESCAPE)], [.string("back")]),
            (click, [.string("select"), .int(tapped)]),
            // The standard keys' commands by their names, as any program may send them.
            ([SDLEvents.key(SDLK_RIGHT)], [.string("next")]),
            ([SDLEvents.key(SDLK_ESCAPE)], [.string("back")]),
            ([SDLEvents.key(SDLK_o, KMOD_LCTRL)], [.string("open"), .int(4)]),
            ([SDLEvents.key(SDLK_ESCAPE)], [.string("close")]),
            ([SDLEvents.key(SDLK_c)], [.string("set-columns"), .int(2)]),
            ([SDLEvents.key(SDLK_e, KMOD_RCTRL)], [.string("scroll-to"), .object([("index", .int(20))])]),
            ([SDLEvents.key(SDLK_DOWN)], [.string("cursor-down")]),
            ([SDLEvents.key(SDLK_PAGEDOWN)], [.string("page-down")]),
            ([SDLEvents.key(SDLK_RETURN)], [.string("open")]),
        ]
        for step in steps {
            let start = try rig.state()
            try rig.press(step.input)
            let byKey = try rig.state()
            #expect(byKey != start, "the key \(step.socket) changed nothing")
            try rig.restore(start)
            let reply = try rig.request(step.socket)
            #expect(reply["error"]?.stringValue == "success", "\(step.socket): \(reply.text)")
            try rig.settle()
            let bySocket = try rig.state()
            #expect(byKey == bySocket, "\(step.socket): by key \(byKey.text), by socket \(bySocket.text)")
            // The next step starts from where this one left the wall.
        }
    }

    @Test("a bad binding is an error naming the file, the line and the key")
    func badBindings() {
        let cases: [(String, String)] = [
            ("columns = 3\n[keys]\n\"ctrl+o\" = \"opne\"\n", "/c.toml:3: key 'keys.ctrl+o': unknown command \"opne\""),
            ("[keys]\n\"alt+o\" = \"open\"\n", "/c.toml:2: key 'keys.alt+o': \"alt+o\": alt is left to the window manager"),
            ("[keys]\nx = \"set-columns 99\"\n", "/c.toml:2: key 'keys.x': set-columns needs"),
            ("[keys]\n\"shift+f13\" = \"open\"\n", "/c.toml:2: key 'keys.shift+f13': \"shift+f13\": unknown key \"f13\""),
            ("[keys]\n\"x\" = 3\n", "/c.toml:2: key 'keys.x': expected a command as a string"),
        ]
        for (text, expected) in cases {
            do {
                _ = try ConfigFile.parseKeyBindings(text, file: "/c.toml", keys: viewKeys)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    @Test("configured keys win over the standard ones, and the help lists them first")
    func configuredKeysComeFirst() throws {
        let bindings = try ConfigFile.parseKeyBindings("[keys]\n\"detail:n\" = \"first\"\nG = \"top\"\n", file: "/c.toml", keys: viewKeys)
        let keys = KeyBindings(configured: bindings)
        #expect(keys.command(for: KeyPress(.character("n")), in: .detail) == .first)
        #expect(keys.command(for: KeyPress(.character("n")), in: .wall) == nil)
        #expect(keys.command(for: KeyPress(.character("g"), shift: true), in: .wall) == .top)
        #expect(keys.command(for: KeyPress(.character("g"), shift: true), in: .detail) == .top)
        #expect(keys.help(for: .detail).prefix(2) == ["n\tfirst", "G\ttop"])
        #expect(keys.help(for: .wall).count == KeyBindings.help(for: .wall).count + 1)
    }
}

/// A session in a dummy-driver window with a control socket, whose loop the test turns; the
/// socket's client runs on its own thread, as another program would.
@MainActor
private final class CommandRig {
    let window: Window
    let session: ViewerSession
    let events: EventSource
    let server: ControlServer
    let folder: String
    var now = 1000.0

    init(_ library: ColourLibrary, bindings: [ConfigKeyBinding]) throws {
        var template = Array("/tmp/ccmd.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        folder = String(cString: try #require(made))
        window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        var options = ViewerOptions()
        options.style = WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false)
        options.thumbnailCache = false
        options.keyBindings = bindings
        let waker = Waker()
        let log = Logger(label: "cascade.tests") { _ in SwiftLogNoOpLogHandler() }
        server = try ControlServer(path: folder + "/control.sock", group: nil, log: log, wake: { waker.wake() })
        session = ViewerSession(window: window, options: options, title: "cascade test", log: log, waker: waker, control: server)
        events = EventSource(window: window)
        session.wall.show(library.entries)
        try settle()
    }

    func stop() {
        server.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    func turn() {
        if !session.needsFrame, let event = events.next(waitingUpTo: 0.02) { session.handle(event) }
        while let event = events.poll() { session.handle(event) }
        now += 1.0 / 60
        session.frame(at: now)
    }

    /// Turns the loop until the wall is still and the photos on screen are in.
    func settle() throws {
        let deadline = Date().addingTimeInterval(10)
        repeat { turn() } while (session.wall.view.isAnimating || !session.wall.isScreenSettled || session.needsFrame)
            && Date() < deadline
        #expect(Date() < deadline, "the wall never settled")
    }

    func press(_ input: [SDL_Event]) throws {
        for var event in input { #expect(SDL_PushEvent(&event) == 1) }
        try settle()
    }

    /// get-state's fields that say what the wall shows, without the decode-dependent ones.
    func state() throws -> JSONValue {
        guard case .success(let state) = session.perform(.getState) else { throw CocoaError(.featureUnsupported) }
        let kept = ["count", "columns", "offset", "contentHeight", "mode", "selected", "cursor", "overlay", "screen"]
        return .object((state.objectValue ?? []).filter { kept.contains($0.0) })
    }

    /// Back to a state told by get-state: the columns, the offset, the cursor, the open photo.
    func restore(_ state: JSONValue) throws {
        session.perform(.close)
        if let columns = state["columns"]?.intValue { session.perform(.setColumns(columns)) }
        try settle()
        if let offset = state["offset"]?.doubleValue { session.perform(.scrollTo(.offset(offset), animated: false)) }
        session.wall.cursor = state["cursor"]?.intValue
        try settle()
        if state["mode"]?.stringValue == "detail", let open = state["selected"]?.intValue {
            session.perform(.open(open))
            try settle()
        }
        let back = try self.state()
        #expect(back == state, "restored \(back.text), wanted \(state.text)")
    }

    /// One request through the socket, answered by the loop this thread turns.
    func request(_ command: [JSONValue]) throws -> JSONValue {
        let path = folder + "/control.sock"
        let reply = Locked<Result<JSONValue, ControlClientError>?>(nil)
        Thread.detachNewThread {
            let result: Result<JSONValue, ControlClientError>
            do throws(ControlClientError) {
                let client = try ControlClient(path: path, timeout: .seconds(10))
                result = .success(try client.request(command))
            } catch {
                result = .failure(error)
            }
            reply.withLock { $0 = result }
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let result = reply.withLock({ $0 }) { return try result.get() }
            turn()
        }
        throw CocoaError(.fileReadUnknown)
    }
}
