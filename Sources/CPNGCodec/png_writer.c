/* Writing PNGs — the walls `cascade render` saves and the thumbnails it and the viewer store —
   by hand over ISA-L's deflate instead of through libpng. libpng can deflate only through zlib,
   and zlib's fastest level took 850 ms for a 4-column wall of 1920×8499 where ISA-L's level 1
   takes 193 ms for a file 4 % smaller (libdeflate, tried first, 393 ms; BENCHMARKS.md,
   "Hand-written or a library"). ISA-L also streams, so the rows are filtered and deflated a
   band at a time, never all held twice — and rows can be added as they are drawn, so a wall's
   top is deflated while its bottom is still being decoded. What is left to write by hand is
   the container: the signature, IHDR, tEXt, one IDAT and IEND, each a length, a type, the data
   and a CRC; and the Sub row filter. Reading stays with libpng (png_codec.c), which handles
   every colour type, depth and interlacing that people's files use, but for the rows of 8-bit
   RGB and RGBA files, read over ISA-L's inflate (png_idat.c). */
#include "png_codec.h"

#include <isa-l.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_message(char *to, size_t to_size, const char *from) {
    if (to != NULL && to_size > 0) snprintf(to, to_size, "%s", from);
}

static void put32(unsigned char *at, uint32_t value) {
    at[0] = (unsigned char)(value >> 24);
    at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8);
    at[3] = (unsigned char)value;
}

/* A chunk whose data already sits at `at + 8`: its length and type before, its CRC (over the
   type and the data) after. Returns the chunk's whole size. */
static size_t close_chunk(unsigned char *at, const char type[4], size_t length) {
    put32(at, (uint32_t)length);
    memcpy(at + 4, type, 4);
    uint32_t crc = crc32_gzip_refl(0, at + 4, 4 + length);
    put32(at + 8 + length, crc);
    return 12 + length;
}

/* Each row as PNG's filter type 1 (Sub: every byte less the same channel's byte one pixel to
   the left), B, G, R, A reordered to R, G, B (and A). One filter for every row: trying all five
   per row, as libpng does by default, halves the speed for files 10-25 % smaller. */
static void filter_rows(const unsigned char *pixels, uint32_t width, uint32_t height, size_t stride,
                        int channels, unsigned char *out) {
    size_t row_bytes = (size_t)width * (size_t)channels;
    for (uint32_t y = 0; y < height; y++) {
        const unsigned char *in = pixels + (size_t)y * stride;
        unsigned char *row = out + (size_t)y * (row_bytes + 1);
        row[0] = 1;
        unsigned char *o = row + 1;
        unsigned char left_r = 0, left_g = 0, left_b = 0, left_a = 0;
        if (channels == 3) {
            for (uint32_t x = 0; x < width; x++, in += 4, o += 3) {
                unsigned char r = in[2], g = in[1], b = in[0];
                o[0] = (unsigned char)(r - left_r);
                o[1] = (unsigned char)(g - left_g);
                o[2] = (unsigned char)(b - left_b);
                left_r = r, left_g = g, left_b = b;
            }
        } else {
            for (uint32_t x = 0; x < width; x++, in += 4, o += 4) {
                unsigned char r = in[2], g = in[1], b = in[0], a = in[3];
                o[0] = (unsigned char)(r - left_r);
                o[1] = (unsigned char)(g - left_g);
                o[2] = (unsigned char)(b - left_b);
                o[3] = (unsigned char)(a - left_a);
                left_r = r, left_g = g, left_b = b, left_a = a;
            }
        }
    }
}

/* ISA-L's level and the working memory it asks for at that level (0 needs none). */
static size_t level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return ISAL_DEF_LVL0_DEFAULT;
    }
}

/* A PNG being written: the file so far in `png` (its head written at the start, the deflated
   rows after it), the deflate stream between calls, and the band the rows are filtered into. */
struct cascade_png_writer {
    uint32_t width, height, rows_added;
    int channels;
    size_t row_bytes;
    unsigned char *png;
    size_t head, bound, room;
    unsigned char *band;
    uint32_t band_rows;
    unsigned char *level_buffer;
    struct isal_zstream stream;
    char message[160];
};

void cascade_png_writer_free(cascade_png_writer *writer) {
    if (writer == NULL) return;
    free(writer->png);
    free(writer->band);
    free(writer->level_buffer);
    free(writer);
}

const char *cascade_png_writer_message(const cascade_png_writer *writer) {
    return writer->message;
}

cascade_png_writer *cascade_png_writer_begin(uint32_t width, uint32_t height,
                                             const char *const *keys, const char *const *values,
                                             int text_count, int compression_level, int opaque,
                                             int *status, char *message, size_t message_size) {
    *status = CASCADE_PNG_ERROR;
    /* PNG's own limit on both sides. */
    if (width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        set_message(message, message_size, "no image of that size can be a PNG");
        return NULL;
    }
    int channels = opaque ? 3 : 4;
    size_t row_bytes = (size_t)width * (size_t)channels + 1;
    /* A row is deflated whole at least, through a 32-bit count. */
    if (row_bytes > (1u << 30)) {
        set_message(message, message_size, "the image is too wide for this writer");
        return NULL;
    }
    if (row_bytes > SIZE_MAX / 2 / height) {
        *status = CASCADE_PNG_NO_MEMORY;
        set_message(message, message_size, "out of memory");
        return NULL;
    }
    size_t filtered_size = row_bytes * height;

    /* What comes before the image data: the signature, IHDR, the text chunks, IDAT's head. */
    size_t head = 8 + 25;
    for (int i = 0; i < text_count; i++) {
        size_t key = strlen(keys[i]);
        /* The format's keywords are 1-79 bytes; ours are fixed names. */
        if (key == 0 || key > 79) {
            set_message(message, message_size, "a PNG text key must be 1-79 bytes");
            return NULL;
        }
        head += 12 + key + 1 + strlen(values[i]);
    }
    head += 8;

    cascade_png_writer *w = calloc(1, sizeof *w);
    if (w == NULL) {
        *status = CASCADE_PNG_NO_MEMORY;
        set_message(message, message_size, "out of memory");
        return NULL;
    }
    w->width = width;
    w->height = height;
    w->channels = channels;
    w->row_bytes = row_bytes;
    w->head = head;
    /* Deflate at worst stores: 5 bytes a 64 KiB block, and the zlib wrapper; ISA-L's own
       framing stays well inside a sixty-fourth more. A large malloc is mapped, not touched:
       only the pages the compressed data fills are used. */
    w->bound = filtered_size + filtered_size / 64 + 4096;
    w->room = w->bound;
    /* A band of rows is filtered, then deflated, then the next into the same buffer. */
    w->band_rows = row_bytes >= (1u << 18) ? 1 : (uint32_t)((1u << 18) / row_bytes);
    if (w->band_rows > height) w->band_rows = height;
    int level = compression_level < 0 ? 0 : compression_level > 3 ? 3 : compression_level;
    size_t level_size = level_buffer_size(level);
    w->png = malloc(head + w->bound + 16);
    w->band = malloc((size_t)w->band_rows * row_bytes);
    w->level_buffer = level_size ? malloc(level_size) : NULL;
    if (w->png == NULL || w->band == NULL || (level_size && w->level_buffer == NULL)) {
        cascade_png_writer_free(w);
        *status = CASCADE_PNG_NO_MEMORY;
        set_message(message, message_size, "out of memory");
        return NULL;
    }
    isal_deflate_init(&w->stream);
    w->stream.level = (uint32_t)level;
    w->stream.level_buf = w->level_buffer;
    w->stream.level_buf_size = (uint32_t)level_size;
    w->stream.gzip_flag = IGZIP_ZLIB;
    w->stream.flush = NO_FLUSH;
    w->stream.next_out = w->png + head;

    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memcpy(w->png, signature, 8);
    size_t at = 8;
    unsigned char *ihdr = w->png + at + 8;
    put32(ihdr, width);
    put32(ihdr + 4, height);
    ihdr[8] = 8;                    /* bits per channel */
    ihdr[9] = opaque ? 2 : 6;       /* RGB or RGBA */
    ihdr[10] = 0;                   /* deflate */
    ihdr[11] = 0;                   /* adaptive filtering, one filter byte per row */
    ihdr[12] = 0;                   /* not interlaced */
    at += close_chunk(w->png + at, "IHDR", 13);
    for (int i = 0; i < text_count; i++) {
        size_t key = strlen(keys[i]), value = strlen(values[i]);
        memcpy(w->png + at + 8, keys[i], key + 1);  /* the key's NUL separates it from the text */
        memcpy(w->png + at + 8 + key + 1, values[i], value);
        at += close_chunk(w->png + at, "tEXt", key + 1 + value);
    }
    *status = CASCADE_PNG_OK;
    return w;
}

int cascade_png_writer_add_rows(cascade_png_writer *w, const unsigned char *pixels, uint32_t rows,
                                size_t stride) {
    if (rows > w->height - w->rows_added) {
        set_message(w->message, sizeof w->message, "more rows than the image has");
        return CASCADE_PNG_ERROR;
    }
    int failed = 0;
    for (uint32_t done = 0; done < rows && !failed;) {
        uint32_t band = rows - done < w->band_rows ? rows - done : w->band_rows;
        filter_rows(pixels + (size_t)done * stride, w->width, band, stride, w->channels, w->band);
        done += band;
        w->rows_added += band;
        w->stream.next_in = w->band;
        w->stream.avail_in = (uint32_t)((size_t)band * w->row_bytes);
        w->stream.end_of_stream = w->rows_added == w->height;
        /* avail_out is 32 bits: a wall's output is offered in pieces of at most 1 GiB. */
        do {
            size_t offered = w->room < (1u << 30) ? w->room : (1u << 30);
            w->stream.avail_out = (uint32_t)offered;
            failed = isal_deflate(&w->stream) != COMP_OK;
            w->room -= offered - w->stream.avail_out;
        } while (!failed && w->stream.avail_out == 0 && w->room > 0);
        failed = failed || w->stream.avail_in != 0;
    }
    if (failed) {
        set_message(w->message, sizeof w->message, "the image is too large for one PNG");
        return CASCADE_PNG_ERROR;
    }
    return CASCADE_PNG_OK;
}

int cascade_png_writer_finish(cascade_png_writer *w, unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (w->png == NULL) {
        set_message(w->message, sizeof w->message, "the PNG was already finished");
        return CASCADE_PNG_ERROR;
    }
    if (w->rows_added != w->height) {
        set_message(w->message, sizeof w->message, "the image's rows are not all there");
        return CASCADE_PNG_ERROR;
    }
    size_t compressed = w->bound - w->room;
    /* One IDAT holds it all: a chunk's length is at most 2^31 - 1. */
    if (w->stream.internal_state.state != ZSTATE_END || compressed > 0x7fffffffu) {
        set_message(w->message, sizeof w->message, "the image is too large for one PNG");
        return CASCADE_PNG_ERROR;
    }
    size_t at = w->head - 8;
    at += close_chunk(w->png + at, "IDAT", compressed);
    at += close_chunk(w->png + at, "IEND", 0);
    unsigned char *shrunk = realloc(w->png, at);
    *out = shrunk ? shrunk : w->png;
    *out_size = at;
    w->png = NULL;
    return CASCADE_PNG_OK;
}

int cascade_png_write_bgra(const unsigned char *pixels, uint32_t width, uint32_t height,
                           size_t stride, const char *const *keys, const char *const *values,
                           int text_count, int compression_level, int opaque,
                           unsigned char **out, size_t *out_size,
                           char *message, size_t message_size) {
    *out = NULL;
    *out_size = 0;
    int status;
    cascade_png_writer *w = cascade_png_writer_begin(width, height, keys, values, text_count,
                                                     compression_level, opaque, &status, message, message_size);
    if (w == NULL) return status;
    status = cascade_png_writer_add_rows(w, pixels, height, stride);
    if (status == CASCADE_PNG_OK) status = cascade_png_writer_finish(w, out, out_size);
    if (status != CASCADE_PNG_OK) set_message(message, message_size, w->message);
    cascade_png_writer_free(w);
    return status;
}

void cascade_png_free(void *buffer) {
    free(buffer);
}
