// The wall after its window was made again (a console screen that came back): the tiles'
// textures went with the old renderer, so every visible tile is asked for again — from the
// thumbnail cache, mostly — with the photo at the top of the screen kept at the top.

import Waterfall

extension WallScreen {
    func rendererRecreated(size: Size) {
        resize(size)
        // A reload keeps the photo at the top where it is and hands every live cell back to the
        // pool; dequeued again, each asks for its picture, and `TileCell.fill` makes a texture.
        show(entries)
    }
}
