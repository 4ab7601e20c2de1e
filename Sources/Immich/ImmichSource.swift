// An Immich server as a photo source: its selected photos kept in a local folder, which cascade
// shows like any folder. Started once; its work runs on Swift concurrency's threads, never on the
// frame loop, and reaches the wall through the folder's watcher.

import Foundation
import Glibc
import Logging
import SecretFile

public final class ImmichSource: Sendable {
    public let settings: ImmichSettings
    /// The cache folder the wall shows.
    public let folder: String
    private let sync: ImmichSync
    private let client: ImmichClient
    private let originals: ImmichOriginals
    private let task = LockedTask()

    /// Checks the key file and the folder; the server is not asked yet.
    public init(settings: ImmichSettings, environment: [String: String], log: Logger) throws(ImmichError) {
        guard let folder = settings.folder(environment: environment) else {
            throw ImmichError("no cache folder for Immich at \(settings.url): its host must be a host name or an IP address, and XDG_CACHE_HOME or HOME set")
        }
        let key = try ImmichSettings.readKey(settings.keyFile)
        if let warning = SecretFile.exposure(of: settings.keyFile, what: "the Immich key file") { log.warning("\(warning)") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ImmichError("cannot make the Immich cache folder \(folder): \(error.localizedDescription)")
        }
        do {
            client = try ImmichClient(base: settings.url, key: key, caFile: settings.caFile)
        } catch let error as ImmichError {
            throw error
        } catch {
            throw ImmichError("\(error)")
        }
        self.settings = settings
        self.folder = folder
        sync = ImmichSync(settings: settings, folder: folder, client: client, log: log)
        originals = ImmichOriginals(cache: folder, client: client)
    }

    public func start() {
        let sync = self.sync
        task.set(Task.detached(priority: .utility) { await sync.run() })
    }

    public func stop() async {
        task.cancel()
        await client.shutdown()
    }

    /// `stop` for the frame loop's thread at exit: the HTTP client must be shut down before it
    /// is released.
    public func stopNow() {
        task.cancel()
        client.shutdownNow()
    }

    /// The file's name in the cache folder when `path` is one of this source's photos.
    public func name(of path: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = String(path.dropFirst(prefix.count))
        return name.isEmpty || name.contains("/") ? nil : name
    }

    /// The photo at `path` was on the screen: the last to be evicted for a while.
    public func noteShown(path: String) {
        guard let name = name(of: path) else { return }
        let sync = self.sync, now = Date()
        Task.detached(priority: .utility) { await sync.noteShown(name: name, at: now) }
    }

    /// The original of the photo at `path` (a preview in the cache folder) as a local file,
    /// fetched from the server unless kept from an earlier look: for the photo view.
    public func original(path: String) async -> Result<String, ImmichError> {
        guard let name = name(of: path), let id = await sync.assetID(of: name) else {
            return .failure(ImmichError("not a photo from Immich: \(path)"))
        }
        do throws(ImmichFailure) {
            return .success(try await originals.original(of: id))
        } catch {
            return .failure(ImmichError(message(error, doing: "the original", needing: "asset.download")))
        }
    }

    /// Marks or unmarks the photo at `path` as a favourite on the server; the answer is a line to
    /// show or log.
    public func setFavorite(path: String, _ favorite: Bool) async -> Result<String, ImmichError> {
        guard let name = name(of: path) else { return .failure(ImmichError("not a photo from Immich: \(path)")) }
        do throws(ImmichFailure) {
            try await sync.setFavorite(name: name, favorite)
            return .success(favorite ? "favourite in Immich" : "no longer a favourite in Immich")
        } catch {
            return .failure(ImmichError(message(error, doing: favorite ? "favorite" : "unfavorite")))
        }
    }

    /// Archives the photo at `path` on the server and takes it off the wall.
    public func archive(path: String) async -> Result<String, ImmichError> {
        guard let name = name(of: path) else { return .failure(ImmichError("not a photo from Immich: \(path)")) }
        do throws(ImmichFailure) {
            try await sync.archive(name: name)
            return .success("archived in Immich")
        } catch {
            return .failure(ImmichError(message(error, doing: "archive")))
        }
    }

    private func message(_ failure: ImmichFailure, doing what: String, needing permission: String = "asset.update") -> String {
        switch failure {
        case .forbidden: "\(what): this API key lacks \(permission) (Immich answered 403)"
        case .unauthorized: "\(what): Immich refused the API key (401): check key-file \(settings.keyFile)"
        case let .unreachable(reason): "\(what): Immich at \(settings.url) is unreachable (\(reason))"
        default: "\(what): \(failure)"
        }
    }
}

/// The sync's task, kept for `stop`.
private final class LockedTask: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var task: Task<Void, Never>?
    init() { pthread_mutex_init(&lock, nil) }
    func set(_ new: Task<Void, Never>) {
        pthread_mutex_lock(&lock); task = new; pthread_mutex_unlock(&lock)
    }
    func cancel() {
        pthread_mutex_lock(&lock); task?.cancel(); pthread_mutex_unlock(&lock)
    }
}
