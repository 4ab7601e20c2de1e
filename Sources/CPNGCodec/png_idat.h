/* The image data of the common PNGs read over ISA-L's inflate (png_idat.c): png_codec.c's
   fast path, tried before libpng reads the rows. Private to CPNGCodec. */
#ifndef CASCADE_PNG_IDAT_H
#define CASCADE_PNG_IDAT_H

#include <stddef.h>
#include <stdint.h>

/* Reads the rows of an 8-bit, non-interlaced RGB (`channels` 3) or RGBA (4) PNG without tRNS
   as B, G, R, A into `pixels` (`height` rows of `stride` bytes). `first_idat` is the offset
   in `data` of the first IDAT chunk (its length field). Returns 1 when every row was read,
   and 0 when this reader leaves the file to libpng — a kind it does not read, a bad CRC, a
   stream it finds wrong, text chunks after the image data when `keep_late_text`, no memory —
   having written rows that libpng will overwrite. It never reports an error of its own:
   libpng, which stands where it was, reads the file again and says what is wrong in its own
   words. */
int cascade_png_idat_read_bgra(const unsigned char *data, size_t size, size_t first_idat,
                               uint32_t width, uint32_t height, int channels, int keep_late_text,
                               unsigned char *pixels, size_t stride);

#endif
