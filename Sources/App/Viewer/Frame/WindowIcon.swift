// The window's own icon, cascade's from its assets: found beside the sample photos in a source
// tree (`assets/icons/hicolor`) or under the prefix an install put it in
// (`PREFIX/share/icons/hicolor`, next to `PREFIX/share/cascade`). Without it the window keeps the
// window system's default icon; nothing else depends on it.

import Foundation
import Photos
import Screen
import Waterfall

enum WindowIcon {
    /// The size task bars and alt-tab switchers draw (they scale it; 64 px stays sharp at both
    /// 32 and 48).
    static let size = 64

    static func candidates(assets: String) -> [String] {
        let name = "hicolor/\(size)x\(size)/apps/cascade.png"
        return [assets + "/icons/" + name, assets + "/../icons/" + name]
    }

    /// Sets the icon when one is found and decodes; says nothing otherwise.
    @MainActor static func apply(to window: Window) {
        guard let assets = AssetLocator.locate() else { return }
        for path in candidates(assets: assets) {
            let file = PhotoPath(path)
            guard file.fileType(followingLinks: true) == S_IFREG,
                  let image = try? PhotoDecoder.decode(path: file, format: .png, box: PixelSize(width: size, height: size), mode: .fit)
            else { continue }
            window.setIcon(width: image.width, height: image.height, stride: image.stride, bgra: image.pixels)
            return
        }
    }
}
