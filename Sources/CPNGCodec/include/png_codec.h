// PNG for cascade: reading through a thin C layer over libpng (png_codec.c) with the rows of
// 8-bit RGB and RGBA files over ISA-L's inflate (png_idat.c), writing by hand over ISA-L's
// deflate (png_writer.c); each file says why. libpng reports errors by longjmp, which
// Swift cannot catch; every reading entry point sets its own setjmp so that a corrupt file
// becomes an error code and a message, never an abort. libpng rather than libspng, which has
// no longjmp: libpng decodes faster (BENCHMARKS.md, "Hand-written or a library").
#ifndef CASCADE_PNG_CODEC_H
#define CASCADE_PNG_CODEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cascade_png_reader cascade_png_reader;

typedef enum {
    CASCADE_PNG_OK = 0,
    CASCADE_PNG_ERROR = 1,      /* corrupt data; see the message */
    CASCADE_PNG_TRUNCATED = 2,  /* the data ended before the image did */
    CASCADE_PNG_NO_MEMORY = 3
} cascade_png_status;

/* Reads the signature and every chunk up to the image data. On failure returns NULL and
   copies a message into `message` (`message_size` bytes, NUL-terminated). The memory
   must outlive the reader. */
cascade_png_reader *cascade_png_open(const unsigned char *data, size_t size,
                                     int *status, char *message, size_t message_size);

/* The ICC profile of an iCCP chunk, inflated by libpng, or 0 without one. The bytes live as
   long as the reader. */
size_t cascade_png_icc(const cascade_png_reader *reader, const unsigned char **profile);

uint32_t cascade_png_width(const cascade_png_reader *reader);
uint32_t cascade_png_height(const cascade_png_reader *reader);
/* Nonzero when the file has an alpha channel or a tRNS chunk. */
int cascade_png_has_alpha(const cascade_png_reader *reader);

/* Decodes every row as 8-bit B, G, R, A into `pixels` (height rows of `stride` bytes),
   then reads the chunks after the image data. Returns a cascade_png_status. 8-bit RGB and
   RGBA files are read over ISA-L's inflate (png_idat.c), to libpng's exact pixels. */
int cascade_png_read_bgra(cascade_png_reader *reader, unsigned char *pixels, size_t stride);

/* Makes cascade_png_read_bgra read through libpng alone: the reference the tests and the
   fuzz target hold the ISA-L path to. */
void cascade_png_use_libpng_only(cascade_png_reader *reader);

/* Makes cascade_png_read_bgra stop after the rows: the text chunks after the image data are
   not read (photos' texts are not used; thumbnails' are), so such files too can be read over
   ISA-L's inflate. */
void cascade_png_read_rows_only(cascade_png_reader *reader);

/* Nonzero when cascade_png_read_bgra read the rows over ISA-L's inflate, not through libpng. */
int cascade_png_rows_by_isal(const cascade_png_reader *reader);

/* Text chunks (tEXt, zTXt, iTXt) seen so far: those before the image after open, all of
   them after cascade_png_read_bgra. The strings live as long as the reader. */
int cascade_png_text_count(const cascade_png_reader *reader);
const char *cascade_png_text_key(const cascade_png_reader *reader, int index);
const char *cascade_png_text_value(const cascade_png_reader *reader, int index);

/* The message of the last failure of this reader. */
const char *cascade_png_message(const cascade_png_reader *reader);

void cascade_png_close(cascade_png_reader *reader);

/* Encodes 8-bit B, G, R, A pixels as an 8-bit RGBA (or, when `opaque`, RGB without the
   alpha bytes) non-interlaced PNG with the given tEXt chunks, one row filter throughout,
   deflated at ISA-L's `compression_level` (0-3; 0 barely compresses). On success *out and
   *out_size hold a malloc'd buffer the caller frees with cascade_png_free. */
int cascade_png_write_bgra(const unsigned char *pixels, uint32_t width, uint32_t height,
                           size_t stride, const char *const *keys, const char *const *values,
                           int text_count, int compression_level, int opaque,
                           unsigned char **out, size_t *out_size,
                           char *message, size_t message_size);

void cascade_png_free(void *buffer);

/* The same, a few rows at a time: begin, add every row top to bottom in as many calls as
   suit, finish. `begin` returns NULL with a status and a message on failure. After a failed
   call the writer's message says why; free it in any case (finish hands over the file, and
   the writer must still be freed). */
typedef struct cascade_png_writer cascade_png_writer;

cascade_png_writer *cascade_png_writer_begin(uint32_t width, uint32_t height,
                                             const char *const *keys, const char *const *values,
                                             int text_count, int compression_level, int opaque,
                                             int *status, char *message, size_t message_size);
int cascade_png_writer_add_rows(cascade_png_writer *writer, const unsigned char *pixels,
                                uint32_t rows, size_t stride);
int cascade_png_writer_finish(cascade_png_writer *writer, unsigned char **out, size_t *out_size);
const char *cascade_png_writer_message(const cascade_png_writer *writer);
void cascade_png_writer_free(cascade_png_writer *writer);

#ifdef __cplusplus
}
#endif

#endif
