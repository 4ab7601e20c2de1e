// `cascade cache warm`: fills the freedesktop thumbnail cache for folders on every core, so a
// kiosk's first screen — or a file manager's — shows photos at once.

import Dispatch
import Foundation
import Logging
import Photos
import Locking

public struct CacheWarmJob: Sendable {
    public var paths: [String]
    public var size: ThumbnailSize = .large
    public var maxPixels = PhotoDecoder.defaultMaxPixels
    public var decoders = DecoderIsolation.inProcess
    public init(paths: [String]) { self.paths = paths }
}

public struct CacheWarmSummary: Sendable, Equatable, CustomStringConvertible {
    public var photos = 0
    public var made = 0
    public var valid = 0
    public var failed = 0
    /// Not decoded for want of memory here (the decode workers' limit): tried again next run.
    public var tooLarge = 0
    /// Decoded but not written: the cache folder is read-only or its disk is full.
    public var notStored = 0
    public var seconds = 0.0

    /// Thumbnails were to be made and not one could be written: the run achieved nothing.
    public var storedNothing: Bool { notStored > 0 && made == 0 }

    public var description: String {
        let unwritten = notStored > 0 ? String(format: ", %d could not be written to the cache", notStored) : ""
        let later = tooLarge > 0 ? String(format: ", %d too large to decode here (tried again next run)", tooLarge) : ""
        return String(format: "%d photos: %d made, %d already valid, %d failed%@%@ (%.1f s)",
                      photos, made, valid, failed, later, unwritten, seconds)
    }
}

public enum CacheWarm {
    public static func run(_ job: CacheWarmJob, log: Logger = Log.shared) throws -> CacheWarmSummary {
        let started = ProcessInfo.processInfo.systemUptime
        let cache = ThumbnailCache.standard(enabled: true)
        guard cache.isEnabled, let root = cache.root else {
            throw CommandError(description: "no thumbnail cache folder: set XDG_CACHE_HOME or HOME")
        }
        let scanner = PhotoScanner()
        let entries: [PhotoEntry]
        do {
            let result = try scanner.scan(job.paths.map { PhotoPath(argument: $0) })
            for issue in result.issues { log.warning("skipped \(issue)") }
            entries = result.entries
        } catch {
            throw CommandError(description: "\(error)")
        }
        let loader = TileImageLoader(cache: cache, maxPixels: job.maxPixels, decoder: job.decoders.makeDecoder(maxPixels: job.maxPixels))
        let progress = ProgressLine(label: "thumbnails", total: entries.count)
        let summary = Locked(CacheWarmSummary(photos: entries.count))

        DispatchQueue.concurrentPerform(iterations: entries.count) { k in
            let entry = entries[k]
            let outcome: TileImageLoader.WarmOutcome
            if let info = entry.info {
                outcome = loader.warm(path: entry.path, format: info.format, orientation: info.orientation,
                                      storedSize: info.storedSize, size: job.size)
            } else {
                outcome = .failed(entry.probeError?.description ?? "unreadable header")
            }
            if case .failed(let reason) = outcome { log.warning("no thumbnail for \(entry.path): \(reason)") }
            if outcome == .tooLarge { log.warning("no thumbnail for \(entry.path): \(DecodeError.outOfMemory.reason)") }
            summary.withLock { s in
                switch outcome {
                case .valid: s.valid += 1
                case .made: s.made += 1
                case .notStored: s.notStored += 1
                case .failed: s.failed += 1
                case .tooLarge: s.tooLarge += 1
                }
            }
            progress?.advance()
        }
        progress?.finish()
        var result = summary.withLock { $0 }
        result.seconds = ProcessInfo.processInfo.systemUptime - started
        log.debug("thumbnails in \(root)/\(job.size.folderName)")
        return result
    }
}
