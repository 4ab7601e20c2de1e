/* The image data of the PNGs people mostly have — 8-bit RGB and RGBA, not interlaced: photos,
   wallpapers, screenshots, and every thumbnail in the freedesktop cache — read over ISA-L's
   inflate instead of through libpng. libpng inflates only through zlib, and zlib's inflate was
   a quarter of a 2-column `cascade render` of large wallpapers: over the corpus's 33 PNGs it
   takes 1.5 s where ISA-L takes 0.4 s (BENCHMARKS.md, "Hand-written or a library").

   What is written by hand is small and checked against libpng: walking the IDAT chunks (each
   CRC checked, as libpng does), the zlib header, the five row filters and the byte order.
   libpng still reads every chunk before the image data (size, colour type, iCCP, text), and
   everything else — other depths and colour types, interlacing, tRNS, text after the image,
   and any file this reader finds wrong — goes to libpng, which then reads the rows itself and
   gives its own answer. So a file either decodes to libpng's exact pixels here or is libpng's
   to judge; the PNG fuzz target checks that on every input it makes, and the tests on every
   filter. */
#include "png_idat.h"

#include <isa-l.h>
#include <stdlib.h>
#include <string.h>

static uint32_t get32(const unsigned char *at) {
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | (uint32_t)at[3];
}

static int chunk_is(const unsigned char *chunk, const char type[4]) {
    return memcmp(chunk + 4, type, 4) == 0;
}

/* The longest IDAT libpng 1.6 takes for the image (png_check_chunk_length): the rows' bytes
   and deflate's overhead on them; a longer one stops the file there. */
static uint64_t idat_limit(uint32_t width, uint32_t height, int channels) {
    uint64_t row = (uint64_t)width * (uint64_t)channels + 1;
    uint64_t limit = (uint64_t)height * row;
    if (height > UINT32_MAX / row) return 0x7fffffffu;
    limit += 6 + 5 * (limit / (row > 32566 ? 32566 : row) + 1);
    return limit < 0x7fffffffu ? limit : 0x7fffffffu;
}

/* The consecutive IDAT chunks from `at`, each whole, no longer than `limit` and with a right
   CRC: returns the offset just past the last, or 0 when one is not (libpng stops such a file). */
static size_t idat_run_end(const unsigned char *data, size_t size, size_t at, uint64_t limit) {
    while (at <= size && size - at >= 8 && chunk_is(data + at, "IDAT")) {
        uint32_t length = get32(data + at);
        if (length > limit || size - at - 8 < (size_t)length + 4) return 0;
        uint32_t crc = crc32_gzip_refl(0, (unsigned char *)data + at + 4, 4 + (uint64_t)length);
        if (crc != get32(data + at + 8 + length)) return 0;
        at += 12 + (size_t)length;
    }
    return at;
}

/* Whether a text chunk comes after the image data. libpng reads those in png_read_end, which
   this reader replaces; where the texts are wanted (thumbnails: their writers put their keys
   before the image) such files are left to libpng so that no key is lost. The walk stops
   where libpng's would fail. */
static int text_follows(const unsigned char *data, size_t size, size_t at) {
    while (size - at >= 8) {
        uint32_t length = get32(data + at);
        if (chunk_is(data + at, "tEXt") || chunk_is(data + at, "zTXt") || chunk_is(data + at, "iTXt")) return 1;
        if (chunk_is(data + at, "IEND") || length > 0x7fffffffu || size - at - 8 < (size_t)length + 4) return 0;
        at += 12 + (size_t)length;
    }
    return 0;
}

/* A zlib header libpng's zlib takes the same way: deflate, a 32-KiB window (a smaller one
   makes zlib refuse distances ISA-L allows), the check bits right, no preset dictionary. */
static int plain_zlib_header(const unsigned char *data, size_t first_idat) {
    if (get32(data + first_idat) < 2) return 0;
    unsigned cmf = data[first_idat + 8], flg = data[first_idat + 9];
    return cmf == 0x78 && (cmf << 8 | flg) % 31 == 0 && !(flg & 0x20);
}

/* Bytes readable after every row (see load_pixel). */
#define ROW_SLACK 1

/* CASCADE_PNG_SCALAR builds the plain C filters on x86-64 too: how they are checked there
   before they run on an ARM photo frame. */
#if defined(__SSE2__) && !defined(CASCADE_PNG_SCALAR)
#define FILTERS_IN_SSE2 1
#include <emmintrin.h>

/* Sub, Average and Paeth a pixel at a time in SSE2 (every x86-64 has it), as libpng's own
   filters do: byte by byte, each waits on the byte one pixel to its left, and Paeth was
   three quarters of a large PNG's time. A pixel's 3 or 4 bytes ride in the low lanes; a
   3-byte pixel is read as 4 (the rows have a byte of slack after them: ROW_SLACK), whose
   last lane is never stored. */
static inline __attribute__((always_inline)) __m128i load_pixel(const unsigned char *at, size_t bpp) {
    (void)bpp;
    uint32_t bytes;
    memcpy(&bytes, at, 4);
    return _mm_cvtsi32_si128((int)bytes);
}

static inline __attribute__((always_inline)) void store_pixel(unsigned char *at, __m128i pixel, size_t bpp) {
    uint32_t bytes = (uint32_t)_mm_cvtsi128_si32(pixel);
    memcpy(at, &bytes, bpp);
}

static inline __attribute__((always_inline)) void sub_pixels(unsigned char *row, size_t row_bytes, size_t bpp) {
    __m128i left = _mm_setzero_si128();
    for (size_t i = 0; i < row_bytes; i += bpp) {
        left = _mm_add_epi8(load_pixel(row + i, bpp), left);
        store_pixel(row + i, left, bpp);
    }
}

static inline __attribute__((always_inline)) void average_pixels(unsigned char *row, const unsigned char *prior,
                                                                 size_t row_bytes, size_t bpp) {
    const __m128i one = _mm_set1_epi8(1);
    __m128i left = _mm_setzero_si128();
    for (size_t i = 0; i < row_bytes; i += bpp) {
        __m128i above = load_pixel(prior + i, bpp);
        /* floor((left + above) / 2): pavgb rounds up, so take back the odd sums' half. */
        __m128i mean = _mm_sub_epi8(_mm_avg_epu8(left, above), _mm_and_si128(_mm_xor_si128(left, above), one));
        left = _mm_add_epi8(load_pixel(row + i, bpp), mean);
        store_pixel(row + i, left, bpp);
    }
}

static inline __attribute__((always_inline)) __m128i absolute16(__m128i x) {
    return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x));
}

static inline __attribute__((always_inline)) __m128i choose(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

static inline __attribute__((always_inline)) void paeth_pixels(unsigned char *row, const unsigned char *prior,
                                                               size_t row_bytes, size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    __m128i left = zero, upper_left = zero;   /* 16-bit lanes */
    for (size_t i = 0; i < row_bytes; i += bpp) {
        __m128i above = _mm_unpacklo_epi8(load_pixel(prior + i, bpp), zero);
        __m128i pa = _mm_sub_epi16(above, upper_left), pb = _mm_sub_epi16(left, upper_left);
        __m128i pc = absolute16(_mm_add_epi16(pa, pb));
        pa = absolute16(pa), pb = absolute16(pb);
        __m128i least = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        __m128i nearest = choose(_mm_cmpeq_epi16(least, pa), left,
                                 choose(_mm_cmpeq_epi16(least, pb), above, upper_left));
        __m128i pixel = _mm_add_epi8(load_pixel(row + i, bpp), _mm_packus_epi16(nearest, nearest));
        store_pixel(row + i, pixel, bpp);
        left = _mm_unpacklo_epi8(pixel, zero);
        upper_left = above;
    }
}
#else
/* PNG's Paeth predictor: whichever of left, above and upper left is nearest to their
   gradient, ties in that order. */
static unsigned char paeth(int left, int above, int upper_left) {
    int pa = abs(above - upper_left), pb = abs(left - upper_left), pc = abs(left + above - 2 * upper_left);
    if (pa <= pb && pa <= pc) return (unsigned char)left;
    return (unsigned char)(pb <= pc ? above : upper_left);
}
#endif

/* Undoes a row's filter in place; `prior` is the row above, already undone (zeros for the
   first). Returns 0 for a filter type PNG does not define. */
static int unfilter(unsigned char *row, const unsigned char *prior, size_t row_bytes, size_t bpp, unsigned type) {
    size_t i;
    switch (type) {
    case 0:
        return 1;
    case 2:
        for (i = 0; i < row_bytes; i++) row[i] = (unsigned char)(row[i] + prior[i]);
        return 1;
#if FILTERS_IN_SSE2
    case 1:
        bpp == 4 ? sub_pixels(row, row_bytes, 4) : sub_pixels(row, row_bytes, 3);
        return 1;
    case 3:
        bpp == 4 ? average_pixels(row, prior, row_bytes, 4) : average_pixels(row, prior, row_bytes, 3);
        return 1;
    case 4:
        bpp == 4 ? paeth_pixels(row, prior, row_bytes, 4) : paeth_pixels(row, prior, row_bytes, 3);
        return 1;
#else
    case 1:
        for (i = bpp; i < row_bytes; i++) row[i] = (unsigned char)(row[i] + row[i - bpp]);
        return 1;
    case 3:
        for (i = 0; i < bpp; i++) row[i] = (unsigned char)(row[i] + (prior[i] >> 1));
        for (; i < row_bytes; i++) row[i] = (unsigned char)(row[i] + ((row[i - bpp] + prior[i]) >> 1));
        return 1;
    case 4:
        for (i = 0; i < bpp; i++) row[i] = (unsigned char)(row[i] + prior[i]);
        for (; i < row_bytes; i++) row[i] = (unsigned char)(row[i] + paeth(row[i - bpp], prior[i], prior[i - bpp]));
        return 1;
#endif
    default:
        return 0;
    }
}

/* R, G, B(, A) → B, G, R, A, as libpng's bgr and filler transforms give. */
static void to_bgra(const unsigned char *row, uint32_t width, int channels, unsigned char *out) {
    if (channels == 3) {
        for (uint32_t x = 0; x < width; x++, row += 3, out += 4) {
            out[0] = row[2], out[1] = row[1], out[2] = row[0], out[3] = 0xff;
        }
    } else {
        for (uint32_t x = 0; x < width; x++, row += 4, out += 4) {
            out[0] = row[2], out[1] = row[1], out[2] = row[0], out[3] = row[3];
        }
    }
}

/* Feeds `inflate` the next IDAT chunk's data when it has used the last: 0 when none is left. */
static int feed(struct inflate_state *inflate, const unsigned char *data, size_t *next_idat, size_t run_end) {
    while (inflate->avail_in == 0) {
        if (*next_idat >= run_end) return 0;
        uint32_t length = get32(data + *next_idat);
        inflate->next_in = (uint8_t *)data + *next_idat + 8;
        inflate->avail_in = length;
        *next_idat += 12 + (size_t)length;
    }
    return 1;
}

/* One call of ISA-L's inflate: -1 on an error or a dictionary asked for, 0 when it moved
   nothing (which would otherwise loop for ever on a stream that has ended), 1 when it took
   input or gave output. */
static int inflate_step(struct inflate_state *inflate) {
    uint32_t in = inflate->avail_in, out = inflate->avail_out;
    int status = isal_inflate(inflate);
    if (status < 0 || status == ISAL_NEED_DICT) return -1;
    return inflate->avail_in != in || inflate->avail_out != out;
}

/* After the last row, what libpng does before it lets the rows go: it inflates on to the end
   of the stream — through any data past the rows — and stops the file when the IDATs run out
   first. So the rows stand here only when the stream ends inside the IDATs with its Adler-32
   right; anything else is libpng's to judge (it is lenient with some of it). */
static int stream_ends_well(struct inflate_state *inflate, const unsigned char *data, size_t *next_idat,
                            size_t run_end) {
    unsigned char spare[16384];
    while (inflate->block_state != ISAL_BLOCK_FINISH) {
        inflate->next_out = spare;
        inflate->avail_out = sizeof spare;
        int moved = inflate_step(inflate);
        if (moved < 0) return 0;
        /* Bits ISA-L has already taken in may hold the end: only a call that moved nothing
           asks for the next IDAT. */
        if (!moved && inflate->block_state != ISAL_BLOCK_FINISH &&
            (inflate->avail_in > 0 || !feed(inflate, data, next_idat, run_end))) {
            return 0;
        }
    }
    return 1;
}

int cascade_png_idat_read_bgra(const unsigned char *data, size_t size, size_t first_idat,
                               uint32_t width, uint32_t height, int channels, int keep_late_text,
                               unsigned char *pixels, size_t stride) {
    if ((channels != 3 && channels != 4) || width == 0 || height == 0) return 0;
    size_t run_end = idat_run_end(data, size, first_idat, idat_limit(width, height, channels));
    if (run_end == 0 || run_end == first_idat || !plain_zlib_header(data, first_idat)) return 0;
    if (keep_late_text && text_follows(data, size, run_end)) return 0;

    size_t row_bytes = (size_t)width * (size_t)channels, line = row_bytes + 1;
    if (line > UINT32_MAX || stride < (size_t)width * 4) return 0;
    /* Rows are inflated a band of about 256 KiB at a time, undone and converted while they
       are in the cache; the row above each band is kept for its filters. */
    size_t band = (256u << 10) / line;
    if (band < 1) band = 1;
    if (band > height) band = height;
    unsigned char *lines = malloc(band * line + ROW_SLACK);
    unsigned char *above = calloc(row_bytes + ROW_SLACK, 1);
    struct inflate_state *inflate = malloc(sizeof *inflate);
    int done = lines != NULL && above != NULL && inflate != NULL;
    if (done) {
        isal_inflate_init(inflate);
        inflate->crc_flag = ISAL_ZLIB;
    }
    size_t next_idat = first_idat;
    for (uint32_t y = 0; done && y < height;) {
        size_t rows = height - y < band ? height - y : band;
        inflate->next_out = lines;
        inflate->avail_out = (uint32_t)(rows * line);
        while (done && inflate->avail_out > 0) {
            /* With the IDATs used up, bits ISA-L has already taken in may still hold rows: only
               a call that moves nothing ends the image early. */
            feed(inflate, data, &next_idat, run_end);
            done = inflate_step(inflate) > 0;
        }
        for (size_t r = 0; done && r < rows; r++, y++) {
            unsigned char *row = lines + r * line + 1;
            const unsigned char *prior = r == 0 ? above : row - line;
            done = unfilter(row, prior, row_bytes, (size_t)channels, row[-1]);
            if (done) to_bgra(row, width, channels, pixels + (size_t)y * stride);
        }
        if (done) memcpy(above, lines + (rows - 1) * line + 1, row_bytes);
    }
    if (done) done = stream_ends_well(inflate, data, &next_idat, run_end);
    free(inflate);
    free(above);
    free(lines);
    return done;
}
