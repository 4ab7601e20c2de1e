#include "png_codec.h"
#include "png_idat.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cascade_png_reader {
    png_structp png;
    png_infop info;
    png_infop end_info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    png_bytep *rows;
    int truncated;
    int out_of_memory;
    int libpng_only;
    int rows_only;
    int rows_by_isal;
    char message[160];
};

static void copy_message(char *to, size_t to_size, const char *from) {
    if (to == NULL || to_size == 0) return;
    snprintf(to, to_size, "%s", from ? from : "");
}

/* libpng requires that the error callback does not return: it jumps back to the setjmp
   of the entry point that is running. The message is kept for the Swift side. */
static void reader_error(png_structp png, png_const_charp message) {
    cascade_png_reader *reader = (cascade_png_reader *)png_get_error_ptr(png);
    copy_message(reader->message, sizeof reader->message, message);
    if (message && strstr(message, "out of memory")) reader->out_of_memory = 1;
    png_longjmp(png, 1);
}

/* Warnings (a bad CRC in an ancillary chunk, an unknown sRGB profile …) do not stop the
   image and are not worth a log line per photo. */
static void ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* libpng allocates a chunk's whole length before it reads the chunk: a 316-byte file whose
   zTXt said 1.9 GB had it ask for 1.9 GB (the PNG fuzz target found it; Debian's libpng
   1.6.39 did not hold it to png_set_chunk_malloc_max). No allocation a real PNG makes comes
   near 64 MiB — the rows are the caller's, the image data is read 8 KB at a time — so larger
   ones fail as out of memory, which libpng reports as an error. */
#define LIBPNG_ALLOCATION_MAX ((png_alloc_size_t)64 << 20)

static png_voidp bounded_malloc(png_structp png, png_alloc_size_t size) {
    (void)png;
    return size <= LIBPNG_ALLOCATION_MAX ? malloc(size) : NULL;
}

static void plain_free(png_structp png, png_voidp pointer) {
    (void)png;
    free(pointer);
}

static void read_from_memory(png_structp png, png_bytep out, size_t length) {
    cascade_png_reader *reader = (cascade_png_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        reader->truncated = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static int failure_status(const cascade_png_reader *reader) {
    if (reader->truncated) return CASCADE_PNG_TRUNCATED;
    if (reader->out_of_memory) return CASCADE_PNG_NO_MEMORY;
    return CASCADE_PNG_ERROR;
}

cascade_png_reader *cascade_png_open(const unsigned char *data, size_t size,
                                     int *status, char *message, size_t message_size) {
    *status = CASCADE_PNG_ERROR;
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        if (size < 8) *status = CASCADE_PNG_TRUNCATED;
        copy_message(message, message_size, size < 8 ? "unexpected end of file" : "not a PNG file");
        return NULL;
    }
    cascade_png_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) {
        *status = CASCADE_PNG_NO_MEMORY;
        copy_message(message, message_size, "out of memory");
        return NULL;
    }
    reader->data = data;
    reader->size = size;
    reader->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, reader, reader_error, ignore_warning,
                                           NULL, bounded_malloc, plain_free);
    if (reader->png != NULL) reader->info = png_create_info_struct(reader->png);
    if (reader->png != NULL) reader->end_info = png_create_info_struct(reader->png);
    if (reader->png == NULL || reader->info == NULL || reader->end_info == NULL) {
        *status = CASCADE_PNG_NO_MEMORY;
        copy_message(message, message_size, "out of memory");
        cascade_png_close(reader);
        return NULL;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        *status = failure_status(reader);
        copy_message(message, message_size, reader->message);
        cascade_png_close(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, read_from_memory);
    png_read_info(reader->png, reader->info);
    *status = CASCADE_PNG_OK;
    return reader;
}

size_t cascade_png_icc(const cascade_png_reader *reader, const unsigned char **profile) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep data = NULL;
    png_uint_32 length = 0;
    *profile = NULL;
    if (!png_get_valid(reader->png, reader->info, PNG_INFO_iCCP)) return 0;
    if (png_get_iCCP(reader->png, reader->info, &name, &compression, &data, &length) != PNG_INFO_iCCP) return 0;
    *profile = data;
    return length;
}

uint32_t cascade_png_width(const cascade_png_reader *reader) {
    return png_get_image_width(reader->png, reader->info);
}

uint32_t cascade_png_height(const cascade_png_reader *reader) {
    return png_get_image_height(reader->png, reader->info);
}

int cascade_png_has_alpha(const cascade_png_reader *reader) {
    png_byte type = png_get_color_type(reader->png, reader->info);
    if (type & PNG_COLOR_MASK_ALPHA) return 1;
    return png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) ? 1 : 0;
}

void cascade_png_use_libpng_only(cascade_png_reader *reader) {
    reader->libpng_only = 1;
}

void cascade_png_read_rows_only(cascade_png_reader *reader) {
    reader->rows_only = 1;
}

int cascade_png_rows_by_isal(const cascade_png_reader *reader) {
    return reader->rows_by_isal;
}

/* The common kinds read over ISA-L's inflate (png_idat.c); 0 leaves the rows to libpng, which
   has not moved: png_read_info stops just after the first IDAT's length and type. */
static int read_idat_fast(const cascade_png_reader *reader, unsigned char *pixels, size_t stride) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    png_byte type = png_get_color_type(png, info);
    if (reader->libpng_only || png_get_bit_depth(png, info) != 8 ||
        png_get_interlace_type(png, info) != PNG_INTERLACE_NONE || png_get_valid(png, info, PNG_INFO_tRNS) ||
        (type != PNG_COLOR_TYPE_RGB && type != PNG_COLOR_TYPE_RGB_ALPHA) || reader->offset < 16 ||
        memcmp(reader->data + reader->offset - 4, "IDAT", 4) != 0) {
        return 0;
    }
    return cascade_png_idat_read_bgra(reader->data, reader->size, reader->offset - 8,
                                      png_get_image_width(png, info), png_get_image_height(png, info),
                                      type == PNG_COLOR_TYPE_RGB ? 3 : 4, !reader->rows_only, pixels, stride);
}

int cascade_png_read_bgra(cascade_png_reader *reader, unsigned char *pixels, size_t stride) {
    if (read_idat_fast(reader, pixels, stride)) {
        reader->rows_by_isal = 1;
        return CASCADE_PNG_OK;
    }
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (setjmp(png_jmpbuf(png))) return failure_status(reader);

    png_byte type = png_get_color_type(png, info);
    png_byte depth = png_get_bit_depth(png, info);
    /* Palette → RGB, gray below 8 bits → 8 bits, tRNS → alpha. */
    png_set_expand(png);
    if (depth == 16) png_set_scale_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_bgr(png);
    if (!cascade_png_has_alpha(reader)) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    uint32_t height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) > stride) png_error(png, "row does not fit the buffer");
    reader->rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (reader->rows == NULL) {
        reader->out_of_memory = 1;
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < height; y++) reader->rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, reader->rows);

    /* The rows are complete; a file cut off after them still shows the whole image, it
       only loses the text chunks that came late. */
    if (reader->rows_only) return CASCADE_PNG_OK;
    if (setjmp(png_jmpbuf(png))) return CASCADE_PNG_OK;
    png_read_end(png, reader->end_info);
    return CASCADE_PNG_OK;
}

static int text_of(const cascade_png_reader *reader, png_infop info, png_textp *texts) {
    if (info == NULL) return 0;
    int count = 0;
    png_get_text(reader->png, info, texts, &count);
    return count;
}

int cascade_png_text_count(const cascade_png_reader *reader) {
    png_textp texts;
    return text_of(reader, reader->info, &texts) + text_of(reader, reader->end_info, &texts);
}

static png_textp text_at(const cascade_png_reader *reader, int index) {
    png_textp texts;
    int early = text_of(reader, reader->info, &texts);
    if (index < early) return &texts[index];
    int late = text_of(reader, reader->end_info, &texts);
    if (index - early < late) return &texts[index - early];
    return NULL;
}

const char *cascade_png_text_key(const cascade_png_reader *reader, int index) {
    png_textp text = text_at(reader, index);
    return text ? text->key : "";
}

const char *cascade_png_text_value(const cascade_png_reader *reader, int index) {
    png_textp text = text_at(reader, index);
    return (text && text->text) ? text->text : "";
}

const char *cascade_png_message(const cascade_png_reader *reader) {
    return reader->message;
}

void cascade_png_close(cascade_png_reader *reader) {
    if (reader == NULL) return;
    if (reader->png != NULL) {
        png_infop info = reader->info, end_info = reader->end_info;
        png_destroy_read_struct(&reader->png, info ? &info : NULL, end_info ? &end_info : NULL);
    }
    free(reader->rows);
    free(reader);
}
