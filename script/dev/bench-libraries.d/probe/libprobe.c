// Each format's library header call on the files named, as the folder scan would use it:
// read a prefix (64 KiB first, as cascade's probe does), and where the library says it needs
// more, read twice as much and call again — or, for libheif, give it a reader that reads what it
// asks for. Prints per-format counts, failures, bytes read and CPU time of this thread.
//   libprobe [-r ROUNDS] FILE...
#define _GNU_SOURCE
#include <fcntl.h>
#include <gif_lib.h>
#include <jxl/decode.h>
#include <libheif/heif.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <turbojpeg.h>
#include <unistd.h>
#include <webp/decode.h>

enum { JPEG, PNG, WEBP, GIF, HEIF, JXL, OTHER, NFORMATS };
static const char *names[] = {"jpeg", "png", "webp", "gif", "heif/avif", "jxl", "other"};
static long long bytes_read;
static tjhandle tj;

static long read_at(int fd, unsigned char *buf, long count, long offset) {
    long got = pread(fd, buf, count, offset);
    if (got > 0) bytes_read += got;
    return got < 0 ? 0 : got;
}

static int sniff(const unsigned char *b, long n) {
    if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return JPEG;
    if (n >= 8 && !memcmp(b, "\x89PNG\r\n\x1a\n", 8)) return PNG;
    if (n >= 12 && !memcmp(b, "RIFF", 4) && !memcmp(b + 8, "WEBP", 4)) return WEBP;
    if (n >= 6 && !memcmp(b, "GIF8", 4)) return GIF;
    if (n >= 12 && !memcmp(b + 4, "ftyp", 4)) return HEIF;
    if (n >= 2 && b[0] == 0xFF && b[1] == 0x0A) return JXL;
    if (n >= 12 && !memcmp(b, "\0\0\0\x0cJXL \r\n\x87\n", 12)) return JXL;
    return OTHER;
}

// 1 done, 0 needs more bytes, -1 refused.
static int jpeg_header(const unsigned char *b, long n, int *w, int *h) {
    int sub, cs;
    if (tjDecompressHeader3(tj, b, n, w, h, &sub, &cs) == 0) return 1;
    // libjpeg's memory source ends a short buffer with a made-up EOI: "no image".
    int more = tjGetErrorCode(tj) == TJERR_FATAL && strstr(tjGetErrorStr2(tj), "no image");
    // After some errors the handle refuses every later header ("Improper call to JPEG library
    // in state 201"): a new one each time.
    tjDestroy(tj);
    tj = tjInitDecompress();
    return more ? 0 : -1;
}

struct png_mem { const unsigned char *b; long n, at; int short_read; };
static void png_mem_read(png_structp p, png_bytep out, size_t count) {
    struct png_mem *m = png_get_io_ptr(p);
    if (m->at + (long)count > m->n) { m->short_read = 1; png_error(p, "short"); }
    memcpy(out, m->b + m->at, count);
    m->at += count;
}
static int png_header(const unsigned char *b, long n, int *w, int *h) {
    png_structp p = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(p);
    struct png_mem m = {b, n, 0, 0};
    int result = -1;
    png_set_read_fn(p, &m, png_mem_read);
    if (setjmp(png_jmpbuf(p)) == 0) {
        png_read_info(p, info);  // every chunk up to the first IDAT: eXIf is read on the way
        *w = png_get_image_width(p, info);
        *h = png_get_image_height(p, info);
        result = 1;
    } else {
        result = m.short_read ? 0 : -1;
    }
    png_destroy_read_struct(&p, &info, NULL);
    return result;
}

static int webp_header(const unsigned char *b, long n, int *w, int *h) {
    WebPBitstreamFeatures f;
    VP8StatusCode s = WebPGetFeatures(b, n, &f);
    if (s == VP8_STATUS_OK) { *w = f.width; *h = f.height; return 1; }
    return s == VP8_STATUS_NOT_ENOUGH_DATA ? 0 : -1;
}

struct gif_mem { const unsigned char *b; long n, at; int short_read; };
static int gif_mem_read(GifFileType *g, GifByteType *out, int count) {
    struct gif_mem *m = g->UserData;
    if (m->at + count > m->n) { m->short_read = 1; count = m->n - m->at; }
    memcpy(out, m->b + m->at, count);
    m->at += count;
    return count;
}
static int gif_header(const unsigned char *b, long n, int *w, int *h) {
    struct gif_mem m = {b, n, 0, 0};
    int error;
    GifFileType *g = DGifOpen(&m, gif_mem_read, &error);
    if (!g) return m.short_read ? 0 : -1;
    *w = g->SWidth;
    *h = g->SHeight;
    DGifCloseFile(g, &error);
    return 1;
}

static int jxl_header(JxlDecoder *d, const unsigned char *b, long n, int *w, int *h) {
    JxlDecoderReset(d);
    JxlDecoderSubscribeEvents(d, JXL_DEC_BASIC_INFO);
    JxlDecoderSetInput(d, b, n);
    JxlDecoderCloseInput(d);
    JxlDecoderStatus s = JxlDecoderProcessInput(d);
    if (s == JXL_DEC_BASIC_INFO) {
        JxlBasicInfo info;
        JxlDecoderGetBasicInfo(d, &info);
        *w = info.xsize;
        *h = info.ysize;
        return 1;
    }
    return s == JXL_DEC_NEED_MORE_INPUT ? 0 : -1;
}

// libheif reads through a reader: it asks for what it needs and seeks over the rest.
struct heif_file { int fd; long size, at; };
static int64_t hr_get_position(void *u) { return ((struct heif_file *)u)->at; }
static int hr_read(void *data, size_t size, void *u) {
    struct heif_file *f = u;
    if (read_at(f->fd, data, size, f->at) != (long)size) return 1;
    f->at += size;
    return 0;
}
static int hr_seek(int64_t position, void *u) { ((struct heif_file *)u)->at = position; return 0; }
static enum heif_reader_grow_status hr_wait(int64_t target, void *u) {
    return target > ((struct heif_file *)u)->size ? heif_reader_grow_status_size_beyond_eof
                                                   : heif_reader_grow_status_size_reached;
}
static struct heif_reader heif_reader_calls = {1, hr_get_position, hr_read, hr_seek, hr_wait};

static int heif_header(int fd, long size, int *w, int *h) {
    struct heif_file f = {fd, size, 0};
    struct heif_context *c = heif_context_alloc();
    int result = -1;
    if (heif_context_read_from_reader(c, &heif_reader_calls, &f, NULL).code == heif_error_Ok) {
        struct heif_image_handle *handle;
        if (heif_context_get_primary_image_handle(c, &handle).code == heif_error_Ok) {
            *w = heif_image_handle_get_width(handle);   // after irot/imir, as displayed
            *h = heif_image_handle_get_height(handle);
            heif_image_handle_release(handle);
            result = 1;
        }
    }
    heif_context_free(c);
    return result;
}

static double thread_cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int rounds = 1, first = 1;
    if (argc > 2 && !strcmp(argv[1], "-r")) { rounds = atoi(argv[2]); first = 3; }
    tj = tjInitDecompress();
    JxlDecoder *jxl = JxlDecoderCreate(NULL);
    long files[NFORMATS] = {0}, failed[NFORMATS] = {0};
    long long bytes[NFORMATS] = {0};
    double cpu[NFORMATS] = {0};
    for (int round = 0; round < rounds; round++)
        for (int i = first; i < argc; i++) {
            int fd = open(argv[i], O_RDONLY | O_CLOEXEC);
            struct stat st;
            if (fd < 0 || fstat(fd, &st) != 0) { perror(argv[i]); continue; }
            long long before = bytes_read;
            double start = thread_cpu();
            long cap = 64 << 10, n;
            unsigned char *buf = malloc(cap);
            n = read_at(fd, buf, cap, 0);
            int format = sniff(buf, n), w = 0, h = 0, r = -1;
            if (format == HEIF) {
                r = heif_header(fd, st.st_size, &w, &h);
            } else {
                for (;;) {
                    switch (format) {
                    case JPEG: r = jpeg_header(buf, n, &w, &h); break;
                    case PNG: r = png_header(buf, n, &w, &h); break;
                    case WEBP: r = webp_header(buf, n, &w, &h); break;
                    case GIF: r = gif_header(buf, n, &w, &h); break;
                    case JXL: r = jxl_header(jxl, buf, n, &w, &h); break;
                    default: r = -1;
                    }
                    if (r != 0 || n < cap) break;  // done, refused, or the whole file was there
                    buf = realloc(buf, cap * 2);
                    n += read_at(fd, buf + n, cap, n);
                    cap *= 2;
                }
            }
            cpu[format] += thread_cpu() - start;
            bytes[format] += bytes_read - before;
            files[format]++;
            if (r != 1) failed[format]++;
            if (round == 0 && getenv("LIBPROBE_VERBOSE"))
                printf("%s %dx%d %s %lld\n", argv[i], w, h, r == 1 ? "ok" : "FAILED", bytes_read - before);
            free(buf);
            close(fd);
        }
    printf("%-10s %7s %7s %12s %12s %10s\n", "format", "files", "failed", "bytes/file", "KiB total", "ms/round");
    for (int f = 0; f < NFORMATS; f++) {
        if (!files[f]) continue;
        printf("%-10s %7ld %7ld %12lld %12.0f %10.3f\n", names[f], files[f] / rounds, failed[f] / rounds,
               bytes[f] / files[f], bytes[f] / rounds / 1024.0, cpu[f] * 1000 / rounds);
    }
    JxlDecoderDestroy(jxl);
    tjDestroy(tj);
    return 0;
}
