import CCairo
import Foundation

/// A Cairo image surface and its drawing state: the pixels behind a `CGContext`.
///
/// `@unchecked Sendable` because a canvas is handed to the context's drawing queue when the
/// context draws asynchronously; it is only ever touched by one thread at a time (the caller's
/// thread, or that serial queue while the caller waits for it).
final class CairoCanvas: @unchecked Sendable {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let width: Int
    let height: Int
    /// Memory the caller owns in a layout Cairo cannot draw into (premultiplied RGBA bytes):
    /// the canvas copies its pixels there after every drawing operation.
    private let mirror: (pixels: UnsafeMutableRawPointer, bytesPerRow: Int)?
    /// Pixels the canvas allocated itself (freed with it).
    private let ownedPixels: UnsafeMutableRawPointer?
    /// Mirrored memory the canvas was given to own (freed with it).
    private let ownedMirror: UnsafeMutableRawPointer?

    /// Zeroed memory for pixels.
    static func allocateZeroed(byteCount: Int) -> UnsafeMutableRawPointer {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        return memory
    }

    /// The memory a caller sees as the bitmap: the mirror when there is one, else Cairo's pixels.
    var callerVisiblePixels: UnsafeMutableRawPointer {
        mirror?.pixels ?? UnsafeMutableRawPointer(pixels.data)
    }

    /// Creates a canvas drawing into `format` pixels: the caller's memory when `pixels` is given
    /// (which must stay valid for the canvas's life), else memory of its own. With `mirroring`,
    /// the canvas (ARGB32, memory of its own) starts from the caller's premultiplied RGBA memory
    /// and copies its pixels back there after every drawing operation.
    init?(width: Int, height: Int, format: cairo_format_t, pixels: UnsafeMutableRawPointer?, bytesPerRow: Int?,
          mirroring: (pixels: UnsafeMutableRawPointer, bytesPerRow: Int)? = nil, ownsMirror: Bool = false) {
        guard width > 0, height > 0, width <= 32_767, height <= 32_767 else { return nil }
        let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        let rowBytes = bytesPerRow ?? stride
        guard stride > 0, rowBytes >= stride, rowBytes % 4 == 0, rowBytes <= Int(Int32.max) / height else { return nil }
        if let mirroring, mirroring.bytesPerRow < width * 4 || pixels != nil { return nil }
        let memory: UnsafeMutableRawPointer
        if let pixels {
            memory = pixels
            ownedPixels = nil
        } else {
            memory = Self.allocateZeroed(byteCount: rowBytes * height)
            ownedPixels = memory
        }
        let created = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), format,
                                                          Int32(width), Int32(height), Int32(rowBytes))
        guard let created, cairo_surface_status(created) == CAIRO_STATUS_SUCCESS else {
            if let created { cairo_surface_destroy(created) }
            ownedPixels?.deallocate()
            return nil
        }
        surface = created
        cr = cairo_create(created)
        self.width = width
        self.height = height
        mirror = mirroring
        ownedMirror = ownsMirror ? mirroring?.pixels : nil
        if let mirroring {
            qc_swap_red_blue(memory.assumingMemoryBound(to: UInt8.self), rowBytes,
                             mirroring.pixels.assumingMemoryBound(to: UInt8.self), mirroring.bytesPerRow,
                             Int32(width), Int32(height))
            cairo_surface_mark_dirty(created)
        }
    }

    /// The pixel memory and its row length.
    var pixels: (data: UnsafeMutablePointer<UInt8>, bytesPerRow: Int) {
        (cairo_image_surface_get_data(surface), Int(cairo_image_surface_get_stride(surface)))
    }

    /// Finishes pending drawing and copies the pixels to the mirrored memory, if any.
    func finishOperation() {
        cairo_surface_flush(surface)
        guard let mirror else { return }
        let source = pixels
        qc_swap_red_blue(mirror.pixels.assumingMemoryBound(to: UInt8.self), mirror.bytesPerRow,
                         source.data, source.bytesPerRow, Int32(width), Int32(height))
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        ownedPixels?.deallocate()
        ownedMirror?.deallocate()
    }
}
