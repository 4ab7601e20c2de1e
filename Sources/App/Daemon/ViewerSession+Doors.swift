// The front doors' checks, in the one place every command from a program passes: the door's
// policy (DoorPolicy: what it may ask for at all), then what the command names (DoorNames:
// photos on the wall, configured destinations). Keys, touches and the clock are the person at
// the screen and the configuration, and pass unchecked.

import Control

extension ViewerSession {
    /// The command as it is carried out when it came from `origin`, or why it is refused.
    func admitted(_ command: Command, from origin: CommandOrigin) -> Result<Command, ControlError> {
        let policy: DoorPolicy
        switch origin {
        case .control: policy = .socket
        case .mqtt: policy = .mqtt(allowFileCommands: options.mqttAllowsFileCommands)
        case .key, .touch, .timer: return .success(command)
        }
        return policy.admit(command).flatMap { command in
            if let refusal = DoorNames.refusal(of: command, wall: wall.entries, destinations: options.destinations) {
                return .failure(refusal)
            }
            return .success(command)
        }
    }
}
