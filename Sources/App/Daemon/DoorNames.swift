// What a command from a front door (the control socket, the MQTT bus) may name: photos on the
// wall and folders the owner configured. A path is taken as the wall stores it — absolute and
// cleaned of `.` and `..` (`PhotoPath.absolute()`), so `/photos/../home/u/.ssh/id_rsa` is the key
// it names, not a photo — and the first one that is not on the wall is the reply's error. A
// `move` or `copy` names a folder of `destinations`, or none, and then the person at the screen
// picks one in the chooser. Checked before anything touches a file, whatever the door.

import Control
import Photos

enum DoorNames {
    /// Why `command` may not be carried out as named, or nil when all it names is allowed.
    /// `entries` is the wall; `destinations` the configured folders.
    static func refusal(of command: Command, wall entries: [PhotoEntry], destinations: [PhotoPath]) -> ControlError? {
        let name = switch command {
        case .transfer(let action, _, _): action.rawValue
        case .copyPath: "copy-path"
        case .run: "run"
        default: "this command"
        }
        let named = command.namedPhotos
        if !named.isEmpty {
            // One table of the wall rather than a scan of it per photo when several are named.
            let onWall: (PhotoPath) -> Bool
            if named.count > 1 {
                let paths = Set(entries.map(\.path))
                onWall = { paths.contains($0) }
            } else {
                onWall = { path in entries.contains { $0.path == path } }
            }
            if let stranger = named.first(where: { !onWall(PhotoPath($0).absolute()) }) {
                return ControlError("\(name): \(stranger.escapingControls) is not a photo on the wall")
            }
        }
        if let folder = command.namedDestination {
            let asked = PhotoPath(folder).absolute()
            guard destinations.contains(where: { $0.absolute() == asked }) else {
                let listed = destinations.map(\.string)
                return ControlError("\(name): \(folder.escapingControls) is not one of the configured destinations"
                                    + (listed.isEmpty ? " (there are none: add it to destinations, or leave out the folder and choose at the screen)"
                                                      : " (\(listed.joined(separator: ", ")))"))
            }
        }
        return nil
    }
}
