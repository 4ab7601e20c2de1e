// `folder PATH|all`: a frame given several folders (the family's, the holiday's) shows one of
// them or all, chosen from Home Assistant's select or the socket. The wall is scanned again for
// the chosen roots, as a reload with other folders is; the configuration is not changed, so a
// restart or a SIGHUP shows all of them again.

import Control
import Photos

extension ViewerOptions {
    /// The folders there is a choice among: those named, when there are two or more.
    var folders: [PhotoPath] {
        paths.count > 1 ? paths.map { PhotoPath(argument: $0) } : []
    }
}

extension ViewerSession {
    func performFolder(_ folder: String?) -> Result<JSONValue, ControlError> {
        let all = options.folders
        guard !all.isEmpty else { return .failure(ControlError("folder: cascade was given one folder, so there is none to choose")) }
        var chosen = all
        if let folder {
            guard let root = all.first(where: { $0.string == folder }) else {
                return .failure(ControlError("folder: \(folder) is not one of the folders shown (\(all.map(\.string).joined(separator: ", ")), or all)"))
            }
            chosen = [root]
        }
        guard chosen != scanPaths else { return .success(.null) }
        log.info("showing \(folder ?? "all the folders")")
        scanPaths = chosen
        scanDepth = .tree
        if scanning { daemon.owePendingRescan() } else { rescan() }
        return .success(.null)
    }

    /// `"folder"`: the one shown, or "all"; only where there is a choice.
    var folderState: [(String, JSONValue)] {
        let all = options.folders
        guard !all.isEmpty else { return [] }
        return [("folder", .string(scanPaths.count == 1 ? scanPaths[0].string : "all"))]
    }
}
