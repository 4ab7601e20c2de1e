// `favorite`, `unfavorite` and `archive`: the photo shown, or one named by its path, changed on
// the Immich server it came from. The request goes out off the frame loop; the reply to the
// command only says it was sent, the log says how it went; a refusal is shown on the screen, and
// so is a success asked for by a key or a finger (a long press on the photo favourites it).
// An archived photo leaves the cache folder, and the watcher takes it off the wall.

import Control
import Immich
import Photos

extension ViewerSession {
    func performImmich(_ request: ImmichRequest, path: String?, from origin: CommandOrigin) -> Result<JSONValue, ControlError> {
        let name = request.rawValue
        // A kiosk's passers-by may star a photo but not take it off its owner's wall.
        if options.kiosk, request == .archive, origin == .key || origin == .touch {
            return .failure(ControlError("archive is for the control socket in a kiosk"))
        }
        guard let source = daemon.immich else {
            return .failure(ControlError("\(name): no Immich server is configured ([sources.immich], docs/immich.md)"))
        }
        guard let photo = path ?? stack.top.infoSubject?.entry.path.string else {
            return .failure(ControlError("\(name): no photo is shown"))
        }
        guard source.name(of: photo) != nil else {
            return .failure(ControlError("\(name): \(photo) is not a photo from Immich"))
        }
        let outcomes = immichOutcomes, log = self.log
        // Someone at the screen hears that it worked there; a program has the log and the reply.
        let showsSuccess = origin == .key || origin == .touch
        Task.detached(priority: .userInitiated) {
            let result = switch request {
            case .favorite: await source.setFavorite(path: photo, true)
            case .unfavorite: await source.setFavorite(path: photo, false)
            case .archive: await source.archive(path: photo)
            }
            switch result {
            case let .success(line):
                log.info("\(photo): \(line)")
                if showsSuccess { outcomes.tell(line.prefix(1).uppercased() + line.dropFirst()) }
            case let .failure(error):
                log.warning("\(error)")
                outcomes.tell(error.description)
            }
        }
        return .success(.object([("path", .string(photo))]))
    }

    func fetchOriginal(of path: PhotoPath) -> Bool {
        guard let source = daemon.immich, source.name(of: path.string) != nil else { return false }
        let fetched = fetchedOriginalsBox
        Task.detached(priority: .userInitiated) {
            switch await source.original(path: path.string) {
            case .success(let file): fetched.put(path, .success(PhotoPath(file)))
            case .failure(let error): fetched.put(path, .failure(TileFailure(reason: error.description)))
            }
        }
        return true
    }

    func fetchedOriginals() -> [(path: PhotoPath, result: Result<PhotoPath, TileFailure>)] { fetchedOriginalsBox.take() }

    /// What the server answered since the last look, over the screen.
    func showImmichOutcomes() {
        guard let last = immichOutcomes.take().last else { return }
        message = ScreenMessage(last, now: clock.now)
        dirty = true
    }
}
