import CPNGCodec

/// A canvas's PNG, deflated as its rows are finished. `cascade render` adds the rows above the
/// highest tile still to be drawn after each tile, so the top of a tall wall is deflated on
/// this thread while the decoders work on its bottom; only the rows of the last tiles are
/// left when the last one arrives. Rows are taken from the canvas as they are at that moment:
/// a row added is never read again.
///
/// Deflated at ISA-L's level 1 (CPNGCodec's writer): a wall is mostly photo pixels, which
/// deflate barely shrinks at any level, and level 6 (SDL_image's) spent over a second on a
/// 1920×3000 wall — longer than decoding half of its photos. A canvas is opaque, so RGB.
@MainActor
public final class CanvasPNGWriter {
    private let storage: SurfaceStorage
    private let renderer: Renderer
    private let writer: OpaquePointer
    /// Rows from the top already deflated.
    public private(set) var rowsAdded = 0

    init(storage: SurfaceStorage, renderer: Renderer) throws {
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: 160)
        guard let writer = cascade_png_writer_begin(UInt32(storage.size.width), UInt32(storage.size.height),
                                                    nil, nil, 0, 1, 1, &status, &message, message.count) else {
            throw ScreenError.notEncodable(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.storage = storage
        self.renderer = renderer
        self.writer = writer
    }

    isolated deinit {
        cascade_png_writer_free(writer)
    }

    /// Deflates the rows from the last one added down to `row` (exclusive; clamped to the
    /// canvas). Drawing below `row` may go on.
    public func add(rowsAbove row: Int) throws {
        let end = min(row, storage.size.height)
        guard end > rowsAdded else { return }
        renderer.flush()
        let pitch = storage.bytesPerRow
        let first = storage.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + rowsAdded * pitch
        guard cascade_png_writer_add_rows(writer, first, UInt32(end - rowsAdded), pitch) == 0 else {
            throw ScreenError.notEncodable(reason: String(cString: cascade_png_writer_message(writer)))
        }
        rowsAdded = end
    }

    /// Adds the rows left and writes the PNG to `path` (see `PNGExport` for how).
    public func finish(to path: String) throws {
        try add(rowsAbove: storage.size.height)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard cascade_png_writer_finish(writer, &out, &size) == 0, let out else {
            throw ScreenError.notEncodable(reason: String(cString: cascade_png_writer_message(writer)))
        }
        defer { cascade_png_free(out) }
        try PNGExport.write(UnsafeRawBufferPointer(start: out, count: size), to: path)
    }
}
