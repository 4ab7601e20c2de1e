// One logger for the whole program, to stderr. The level comes from CASCADE_LOG
// (trace … critical; default info) so a kiosk's journal can be made chattier without a rebuild.

import Foundation
import Logging

public enum Log {
    public static let shared = Logger(label: "cascade")

    /// Call once, first thing in `main`.
    public static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let level = environment["CASCADE_LOG"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
