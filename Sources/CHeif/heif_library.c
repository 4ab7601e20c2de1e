// Every libheif function cascade calls, forwarded to the library opened on first use. Each stub
// is declared by libheif's header too, so a stub whose type differs from the library's does not
// compile. A function not listed here fails at link time (nothing links libheif itself).
#include "CHeif.h"
#include "lazy_library.h"

// libheif keeps one soname across 1.x; the major version is the top byte.
_Static_assert((LIBHEIF_NUMERIC_VERSION >> 24) == 1, "libheif 1.x (soname libheif.so.1) expected");
static struct cascade_lazy_library heif_library = CASCADE_LAZY_LIBRARY("libheif.so.1");

bool cascade_heif_open(void) { return cascade_lazy_open(&heif_library); }
const char *cascade_heif_error(void) { return heif_library.error; }

#define CALL(name) CASCADE_LAZY_CALL(heif_library, name)

struct heif_context *heif_context_alloc(void) { return CALL(heif_context_alloc)(); }
void heif_context_free(struct heif_context *context) { CALL(heif_context_free)(context); }
void heif_context_set_max_decoding_threads(struct heif_context *context, int threads) {
    CALL(heif_context_set_max_decoding_threads)(context, threads);
}
struct heif_error heif_context_read_from_memory_without_copy(struct heif_context *context, const void *bytes, size_t size,
                                                             const struct heif_reading_options *options) {
    return CALL(heif_context_read_from_memory_without_copy)(context, bytes, size, options);
}
struct heif_error heif_context_get_primary_image_handle(struct heif_context *context, struct heif_image_handle **handle) {
    return CALL(heif_context_get_primary_image_handle)(context, handle);
}

int heif_image_handle_get_ispe_width(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_ispe_width)(handle);
}
int heif_image_handle_get_ispe_height(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_ispe_height)(handle);
}
int heif_image_handle_get_luma_bits_per_pixel(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_luma_bits_per_pixel)(handle);
}
int heif_image_handle_has_alpha_channel(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_has_alpha_channel)(handle);
}
int heif_image_handle_get_number_of_thumbnails(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_number_of_thumbnails)(handle);
}
int heif_image_handle_get_list_of_thumbnail_IDs(const struct heif_image_handle *handle, heif_item_id *ids, int count) {
    return CALL(heif_image_handle_get_list_of_thumbnail_IDs)(handle, ids, count);
}
struct heif_error heif_image_handle_get_thumbnail(const struct heif_image_handle *handle, heif_item_id id,
                                                  struct heif_image_handle **thumbnail) {
    return CALL(heif_image_handle_get_thumbnail)(handle, id, thumbnail);
}
enum heif_color_profile_type heif_image_handle_get_color_profile_type(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_color_profile_type)(handle);
}
size_t heif_image_handle_get_raw_color_profile_size(const struct heif_image_handle *handle) {
    return CALL(heif_image_handle_get_raw_color_profile_size)(handle);
}
struct heif_error heif_image_handle_get_raw_color_profile(const struct heif_image_handle *handle, void *profile) {
    return CALL(heif_image_handle_get_raw_color_profile)(handle, profile);
}
struct heif_error heif_image_handle_get_nclx_color_profile(const struct heif_image_handle *handle,
                                                           struct heif_color_profile_nclx **nclx) {
    return CALL(heif_image_handle_get_nclx_color_profile)(handle, nclx);
}
void heif_nclx_color_profile_free(struct heif_color_profile_nclx *nclx) { CALL(heif_nclx_color_profile_free)(nclx); }
void heif_image_handle_release(const struct heif_image_handle *handle) { CALL(heif_image_handle_release)(handle); }

struct heif_decoding_options *heif_decoding_options_alloc(void) { return CALL(heif_decoding_options_alloc)(); }
void heif_decoding_options_free(struct heif_decoding_options *options) { CALL(heif_decoding_options_free)(options); }
struct heif_error heif_decode_image(const struct heif_image_handle *handle, struct heif_image **image, enum heif_colorspace colorspace,
                                    enum heif_chroma chroma, const struct heif_decoding_options *options) {
    return CALL(heif_decode_image)(handle, image, colorspace, chroma, options);
}
int heif_image_get_width(const struct heif_image *image, enum heif_channel channel) {
    return CALL(heif_image_get_width)(image, channel);
}
int heif_image_get_height(const struct heif_image *image, enum heif_channel channel) {
    return CALL(heif_image_get_height)(image, channel);
}
const uint8_t *heif_image_get_plane_readonly(const struct heif_image *image, enum heif_channel channel, int *stride) {
    return CALL(heif_image_get_plane_readonly)(image, channel, stride);
}
void heif_image_release(const struct heif_image *image) { CALL(heif_image_release)(image); }
