// What each front door — the control socket, the MQTT bus — may ask for. The socket is its
// owner's (a file of mode 0600 or a group's), so it may give every command; the bus is the
// whole home's, where any device with the broker's password can publish, so it gets what a
// dashboard needs and nothing that reads, plants or runs files: no `run`, no `move` or `copy`
// unless the frame's owner allows them (`allow-file-commands` in `[mqtt]`), and `trash` only
// ever for the photo on screen, which is all Home Assistant's button can mean. Pure, so each
// door's rules are tested without a window or a broker. What a command may name — photos on
// the wall, configured destinations — is checked for every door alike, in App, where the wall is.

public struct DoorPolicy: Sendable, Equatable {
    public enum Door: String, Sendable, Equatable { case socket, mqtt }

    public let door: Door
    /// Whether `move` and `copy` are taken at this door.
    public let allowsFileCommands: Bool

    /// The control socket: every command.
    public static let socket = DoorPolicy(door: .socket, allowsFileCommands: true)

    /// The MQTT bus; `allowFileCommands` from `[mqtt]`'s `allow-file-commands`.
    public static func mqtt(allowFileCommands: Bool) -> DoorPolicy {
        DoorPolicy(door: .mqtt, allowsFileCommands: allowFileCommands)
    }

    /// The command as it is carried out when given at this door, or why it is refused.
    public func admit(_ command: Command) -> Result<Command, ControlError> {
        guard door == .mqtt else { return .success(command) }
        switch command {
        case .run:
            return .failure(ControlError("run is not taken over MQTT"))
        case .transfer(let action, _, _) where !allowsFileCommands:
            return .failure(ControlError("\(action.rawValue) is not taken over MQTT (allow-file-commands in [mqtt] allows it)"))
        case .trash:
            // `trash 0` would reach any photo of the wall; the bus only ever sees the one shown.
            return .success(.trashShown)
        default:
            return .success(command)
        }
    }
}

extension Command {
    /// The photo files a program named for a file action, as it wrote them: every one must be on
    /// the wall. (`mark` looks its paths up on the wall itself; `favorite` and `archive` take
    /// only a photo from Immich, and change it on the server alone.)
    public var namedPhotos: [String] {
        switch self {
        case .transfer(_, _, .paths(let paths)), .copyPath(.paths(let paths)), .run(_, .paths(let paths)): paths
        default: []
        }
    }

    /// The folder a `move` or `copy` names, as written; nil when it names none (the chooser opens).
    public var namedDestination: String? {
        if case .transfer(_, let folder?, _) = self { return folder }
        return nil
    }
}
