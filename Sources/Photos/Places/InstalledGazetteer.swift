// The gazetteer a process names places with: the table in cascade's assets, read the first time
// a place is named — on whichever background thread reads a photo's EXIF first (the slideshow's
// decode, the info panel's read, the MQTT photo queue), never on the frame loop, and never by a
// process that shows no place. A table that cannot be read is reported once and then taken as
// absent: every place keeps its coordinates.

import Logging
import Locking

public final class InstalledGazetteer: Sendable {
    /// The largest table read: the shipped one is about 2 MB.
    static let sizeLimit = 32 << 20

    private let path: PhotoPath?
    private let logger: Logger
    private let loaded = Locked<Gazetteer??>(nil)

    /// `path`: the table; nil when cascade's assets were not found (no names, one warning).
    public init(path: PhotoPath?, logger: Logger = Logger(label: "cascade.places")) {
        self.path = path
        self.logger = logger
    }

    /// "Lyon, France", or nil when no place is within reach or there is no table.
    public func name(latitude: Double, longitude: Double) -> String? {
        gazetteer?.name(latitude: latitude, longitude: longitude)
    }

    /// The table, read on first use; the lock is held while reading so it is read once.
    private var gazetteer: Gazetteer? {
        loaded.withLock { state in
            if let state { return state }
            let table = load()
            state = .some(table)
            return table
        }
    }

    private func load() -> Gazetteer? {
        let fallback = "places are shown as coordinates"
        guard let path else {
            logger.warning("no gazetteer: cascade's assets were not found; \(fallback)")
            return nil
        }
        do {
            let bytes = try SafeFile.readAll(path, limit: Self.sizeLimit)
            do {
                return try Gazetteer(table: bytes)
            } catch {
                logger.warning("cannot use the gazetteer \(path): \(error); \(fallback)")
            }
        } catch {
            logger.warning("cannot read the gazetteer \(path): \(error); \(fallback)")
        }
        return nil
    }
}
