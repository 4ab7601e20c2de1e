// `--mqtt URL` for the executable, which sees App alone: the URL checked, and the broker it names.

import Control

extension ViewerOptions {
    /// What is wrong with `url`, or nil when it names a broker.
    public static func mqttURLProblem(_ url: String) -> String? {
        do {
            _ = try MqttSettings(url: url)
            return nil
        } catch {
            return error.description
        }
    }

    /// The broker `url` names (checked before with `mqttURLProblem`); nil: none.
    public mutating func useMqtt(url: String?) {
        mqtt = url.flatMap { try? MqttSettings(url: $0) }
    }
}
