// Keeps the cache folder equal to the selection: lists it every `poll` seconds, downloads what is
// new (atomically: a hidden partial file, checked, flushed, renamed into place), and removes what
// is no longer selected — only after a listing that was complete. The folder is all the rest of
// cascade sees; its watcher turns each rename and unlink into tiles.

import Foundation
import Glibc
import Logging

actor ImmichSync {
    /// A listing's bounds, far above a large library's (a page holds up to 1000): a server whose
    /// `nextPage` never ends, or pages of one asset each, must not grow the frame's memory
    /// without end. A listing cut at a bound removes nothing from the cache.
    static let pageLimit = 200
    static let assetLimit = 100_000
    let settings: ImmichSettings
    let folder: String
    let log: Logger
    private let client: ImmichClient
    private var manifest: ImmichManifest
    private var status = ImmichStatus.unknown
    private var backoff = ImmichBackoff()
    private var versionChecked = false
    private var cacheFullSaid = false
    private var listingCutSaid = false
    /// Assets skipped and said so (an id that is no UUID, a picture that failed): said once each,
    /// not at every poll.
    private var skippedSaid: Set<String> = []
    /// Set when the server is refused for good (too old): the cache is shown, nothing synced.
    private(set) var refused: String?
    /// The manifest is written at most this often while photos arrive or are shown, and at the
    /// end of every poll: written after each download, a first sync of thousands of photos would
    /// write it thousands of times, on an SD card.
    private static let saveInterval: Duration = .seconds(10)
    private var lastSave = ContinuousClock.now
    private var unsaved = false

    init(settings: ImmichSettings, folder: String, client: ImmichClient, log: Logger) {
        self.settings = settings
        self.folder = folder
        self.client = client
        self.log = log
        manifest = ImmichSync.prepare(folder: folder)
    }

    /// Stale partial files (a kill mid-download) go, and so do photos the manifest does not name
    /// (downloaded after its last save: the folder is cascade's own, and a stranger would escape
    /// the cache's bound); manifest entries whose file is gone are dropped.
    static func prepare(folder: String) -> ImmichManifest {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var manifest = ImmichManifest.load(folder: folder)
        for name in names where name != ImmichManifest.fileName && manifest.files[name] == nil {
            unlink(folder + "/" + name)
        }
        let present = Set(names)
        manifest.files = manifest.files.filter { present.contains($0.key) }
        return manifest
    }

    var cachedCount: Int { manifest.files.count }

    /// Polls until cancelled.
    func run() async {
        while !Task.isCancelled {
            let wait: Int
            do throws(ImmichFailure) {
                try await checkVersion()
                if refused != nil { return }
                try await poll()
                say(.up, failure: nil)
                backoff.reset()
                wait = settings.poll
            } catch {
                // Stopped at exit: the request cut short is no news.
                if Task.isCancelled { return }
                say(ImmichStatus(error), failure: error)
                wait = error == .unauthorized || ImmichStatus(error) == .serverError
                    ? settings.poll : backoff.take(limit: settings.poll)
            }
            try? await Task.sleep(for: .seconds(wait))
        }
    }

    private func say(_ new: ImmichStatus, failure: ImmichFailure?) {
        if let line = new.line(from: status, failure: failure, url: settings.url, keyFile: settings.keyFile,
                               cached: manifest.files.count, poll: settings.poll) {
            if new == .up { log.info("\(line)") } else { log.warning("\(line)") }
        }
        status = new
    }

    private func checkVersion() async throws(ImmichFailure) {
        guard !versionChecked else { return }
        let version = try await client.json(.GET, "/api/server/version", as: ImmichServerVersion.self)
        versionChecked = true
        switch version.verdict(at: settings.url) {
        case .known: log.info("Immich at \(settings.url) runs \(version); caching in \(folder)")
        case let .newer(warning): log.warning("\(warning)")
        case let .tooOld(message):
            refused = message
            log.error("\(message); showing the \(manifest.files.count) cached photos")
        }
    }

    /// One listing and what follows from it.
    func poll() async throws(ImmichFailure) {
        var wanted: [String: ImmichAsset] = [:]
        var order: [String] = []
        var pages = 0
        var cut = false
        func add(_ assets: [ImmichAsset]) {
            for asset in assets where asset.type == nil || asset.type == "IMAGE" {
                // An id becomes a file's name and a URL's path: a UUID, as Immich's are, or nothing.
                guard ImmichAsset.isValidID(asset.id) else {
                    skip(asset.id, "Immich listed an asset whose id is not a UUID, \(String(reflecting: String(asset.id.prefix(64)))): skipped")
                    continue
                }
                guard wanted[asset.id] != nil || order.count < Self.assetLimit else {
                    cut = true
                    return
                }
                if wanted.updateValue(asset, forKey: asset.id) == nil { order.append(asset.id) }
            }
        }
        searching: for search in settings.selection.searches {
            var page = search
            while !cut {
                guard pages < Self.pageLimit else {
                    cut = true
                    break searching
                }
                pages += 1
                let answer = try await client.json(.POST, "/api/search/metadata", body: page, as: ImmichSearchResponse.self)
                add(answer.assets.items)
                guard let next = answer.assets.nextPage.flatMap({ Int($0) }), next > page.page else { break }
                page.page = next
            }
        }
        if cut {
            if !listingCutSaid {
                log.warning("Immich: the listing passed \(Self.pageLimit) pages or \(Self.assetLimit) photos; showing the first \(order.count), and removing nothing from the cache while listings are cut short")
                listingCutSaid = true
            }
        } else {
            listingCutSaid = false
        }
        if settings.selection.memories {
            let memories = try await client.json(.GET, "/api/memories", as: [ImmichMemory].self)
            let now = Date()
            for memory in memories {
                if let show = memory.showAt.flatMap(ImmichDate.parse), show > now { continue }
                if let hide = memory.hideAt.flatMap(ImmichDate.parse), hide < now { continue }
                add(memory.assets)
            }
        }
        // The listing was whole: what it no longer names leaves the folder. The random draw is
        // not listed again, so its photos stay until they are archived or evicted.
        for (name, entry) in manifest.files where !cut && wanted[entry.id] == nil && entry.random != true {
            remove(name)
        }
        var random: Set<String> = []
        let drawn = manifest.files.values.count { $0.random == true }
        if settings.selection.random > drawn {
            let assets = try await client.json(.POST, "/api/search/random",
                                               body: ImmichRandomSearch(size: settings.selection.random - drawn), as: [ImmichAsset].self)
            let cached = Set(manifest.files.values.map(\.id))
            for asset in assets where wanted[asset.id] == nil && !cached.contains(asset.id) {
                random.insert(asset.id)
            }
            add(assets)
        }
        try saveManifest()
        defer { if unsaved { try? saveManifest() } }
        let cached = Set(manifest.files.values.map(\.id))
        var failedInARow = 0
        for id in order where !cached.contains(id) {
            guard let asset = wanted[id] else { continue }
            do throws(ImmichFailure) {
                guard try await download(asset, random: random.contains(id)) else { break }
                failedInARow = 0
                skippedSaid.remove(id)
            } catch {
                // One asset the server cannot give (gone since the listing, a picture it cannot
                // make, one that stalls) is skipped until the next poll; the rest still come.
                // A server away, a key refused, or failures one after another are the server's.
                failedInARow += 1
                guard error.concernsOneAsset, failedInARow < Self.failuresInARow else { throw error }
                skip(id, "Immich: \(error); skipped until the next poll")
            }
        }
    }

    /// After this many assets failing one after another, a poll stops: the server is in trouble.
    static let failuresInARow = 5

    /// Says why asset `id` was skipped, once.
    private func skip(_ id: String, _ line: String) {
        // Bounded: a server listing endless bad ids must not grow this either.
        guard skippedSaid.count < Self.assetLimit, skippedSaid.insert(id).inserted else { return }
        log.warning("\(line)")
    }

    /// Fetches one asset's preview into the folder; false when the cache has no room for it.
    private func download(_ listed: ImmichAsset, random: Bool) async throws(ImmichFailure) -> Bool {
        // A listing without the metadata (memories): the asset's own answer has it. A photo the
        // server says nothing more of is still worth showing.
        var asset = listed
        if asset.exifInfo == nil, let full = try? await client.json(.GET, "/api/assets/\(asset.id)", as: ImmichAsset.self),
           full.id == asset.id {
            asset = full
        }
        let exif = asset.exifBlock
        // The block goes into the file too: room for it is made with the preview's.
        let extra = Int64(exif.map { $0.count + 4 } ?? 0)
        let partial = try ImmichPartialFile(for: asset.id, in: folder)
        let fd = partial.fd
        let limit = settings.cacheBytes
        let preview = try await client.picture(asset.id, .preview)
        // Room is made before a byte is written when the length is known, so the folder never
        // holds more than its bound; without a length, the photos shown longest ago are the room.
        var fitted: ImmichClient.Download?
        if let expected = preview.expected {
            if let victims = ImmichEviction.victims(for: expected + extra, in: manifest, limit: limit) {
                for name in victims { remove(name) }
                if !victims.isEmpty { unsaved = true }
                fitted = try await client.write(preview, to: fd, room: limit - manifest.totalBytes - extra)
            }
        } else if let written = try await client.write(preview, to: fd, room: ImmichEviction.room(in: manifest, limit: limit) - extra),
                  let victims = ImmichEviction.victims(for: written.bytes + extra, in: manifest, limit: limit) {
            for name in victims { remove(name) }
            if !victims.isEmpty { unsaved = true }
            fitted = written
        }
        guard fitted != nil else {
            if !cacheFullSaid {
                log.warning("Immich cache \(folder) is full (\(limit >> 20) MB) of photos not yet shown: more are fetched as these are shown")
                cacheFullSaid = true
            }
            return false
        }
        cacheFullSaid = false
        if let exif, let bytes = try Self.embed(exif, in: fd, path: partial.path) { fitted?.bytes = bytes }
        guard let download = fitted else { return false }
        // Dated as taken: the wall's date captions, sort and sections fall back on the mtime.
        if let taken = asset.taken {
            let seconds = taken.timeIntervalSince1970.rounded(.down)
            var times = [timespec(tv_sec: Int(seconds), tv_nsec: 0), timespec(tv_sec: Int(seconds), tv_nsec: 0)]
            _ = futimens(fd, &times)
        }
        let name = ImmichFileName.name(for: asset, contentType: download.contentType)
        try partial.place(at: folder + "/" + name)
        // A kill before the manifest is next written leaves this file unnamed there: the next
        // start deletes it, and a poll fetches it again.
        manifest.files[name] = ImmichManifest.Entry(id: asset.id, taken: asset.taken?.timeIntervalSince1970,
                                                    random: random ? true : nil, bytes: download.bytes)
        unsaved = true
        saveIfDue()
        return true
    }

    /// Writes `block` into the JPEG written to `fd` so far; its new length, or nil when it is no
    /// JPEG (a server set to make WebP previews) and stays as it is.
    private static func embed(_ block: [UInt8], in fd: Int32, path: String) throws(ImmichFailure) -> Int64? {
        guard let written = FileManager.default.contents(atPath: path),
              let jpeg = ImmichJPEG.inserting(block, into: Array(written)) else { return nil }
        let done = jpeg.withUnsafeBytes { bytes in ftruncate(fd, 0) == 0 && pwrite(fd, bytes.baseAddress, bytes.count, 0) == bytes.count }
        guard done else { throw .unexpected("cannot write \(path): \(String(cString: strerror(errno)))") }
        return Int64(jpeg.count)
    }

    private func remove(_ name: String) {
        unlink(folder + "/" + name)
        manifest.files[name] = nil
    }

    private func saveManifest() throws(ImmichFailure) {
        do { try manifest.save(folder: folder) } catch { throw .unexpected("\(error)") }
        lastSave = ContinuousClock.now
        unsaved = false
    }

    private func saveIfDue() {
        guard unsaved, ContinuousClock.now - lastSave >= Self.saveInterval else { return }
        try? saveManifest()
    }

    // MARK: What the frame does to a photo

    func noteShown(name: String, at time: Date) {
        guard manifest.files[name] != nil else { return }
        manifest.files[name]?.shown = time.timeIntervalSince1970
        unsaved = true
        saveIfDue()
    }

    func assetID(of name: String) -> String? { manifest.files[name]?.id }

    func setFavorite(name: String, _ favorite: Bool) async throws(ImmichFailure) {
        guard let id = manifest.files[name]?.id else { throw .unexpected("not an Immich photo") }
        try await client.send(.PUT, "/api/assets/\(id)", body: ["isFavorite": favorite])
    }

    func archive(name: String) async throws(ImmichFailure) {
        guard let id = manifest.files[name]?.id else { throw .unexpected("not an Immich photo") }
        try await client.send(.PUT, "/api/assets/\(id)", body: ["visibility": "archive"])
        remove(name)
        try? saveManifest()
    }
}
