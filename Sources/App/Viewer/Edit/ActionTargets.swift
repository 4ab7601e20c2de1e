// The photos a file action works on — trash, rotate, move, copy, copy path, run — so every
// action picks them the same way: the photos the socket names; else the marked photos; else the
// one the screen on top is about (the open photo, the slide, the wall cursor's).

import Control
import Photos

struct ActionTarget: Equatable {
    let path: PhotoPath
    /// Its tile on the wall, if it has one: where an undo puts it back without reading it again.
    let entry: PhotoEntry?
    let index: Int?
}

enum ActionTargets {
    /// The targets of `choice`, or an error saying what to do to have one. `marked` are the
    /// marked photos in the wall's order; `shown` the photo the screen on top is about.
    static func resolve(_ choice: PhotoChoice, marked: [PhotoPath], shown: PhotoPath?, entries: [PhotoEntry],
                        action: String) -> Result<[ActionTarget], ControlError> {
        func onWall(_ paths: [PhotoPath]) -> [ActionTarget] {
            // One table of places rather than a scan of the wall per photo: a marked month of a
            // big library is thousands of photos.
            let places = paths.count > 1
                ? Dictionary(entries.indices.map { (entries[$0].path, $0) }, uniquingKeysWith: { first, _ in first }) : nil
            return paths.map { path in
                let index = places.map { $0[path] } ?? entries.firstIndex { $0.path == path }
                return ActionTarget(path: path, entry: index.map { entries[$0] }, index: index)
            }
        }
        switch choice {
        case .index(let index):
            guard entries.indices.contains(index) else {
                return .failure(ControlError("\(action): no photo at index \(index) (the wall has \(entries.count))"))
            }
            return .success([ActionTarget(path: entries[index].path, entry: entries[index], index: index)])
        case .paths(let paths):
            var seen = Set<PhotoPath>()
            let chosen = paths.map { PhotoPath($0).absolute() }.filter { seen.insert($0).inserted }
            return .success(onWall(chosen))
        case .targets:
            if !marked.isEmpty { return .success(onWall(marked)) }
            guard let shown else {
                return .failure(ControlError("\(action): no photo to \(action) (open one, move the cursor to one, or give an index)"))
            }
            return .success(onWall([shown]))
        }
    }
}
