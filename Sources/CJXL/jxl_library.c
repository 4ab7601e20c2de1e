// Every libjxl function cascade calls, forwarded to the library opened on first use. Each stub
// is declared by libjxl's header too, so a stub whose type differs from the library's does not
// compile. A function not listed here fails at link time (nothing links libjxl itself).
#include "CJXL.h"
#include "lazy_library.h"

#include <jxl/version.h>

#define STRING(x) #x
#define VERSION(major, minor) STRING(major) "." STRING(minor)
// Before 1.0 libjxl's soname carries the minor version (libjxl.so.0.7): the ABI may change with it.
_Static_assert(JPEGXL_MAJOR_VERSION == 0, "libjxl 0.x (soname libjxl.so.0.MINOR) expected");
static struct cascade_lazy_library jxl_library = CASCADE_LAZY_LIBRARY("libjxl.so." VERSION(JPEGXL_MAJOR_VERSION, JPEGXL_MINOR_VERSION));

bool cascade_jxl_open(void) { return cascade_lazy_open(&jxl_library); }
const char *cascade_jxl_error(void) { return jxl_library.error; }

#define CALL(name) CASCADE_LAZY_CALL(jxl_library, name)

JxlDecoder *JxlDecoderCreate(const JxlMemoryManager *memory) { return CALL(JxlDecoderCreate)(memory); }
void JxlDecoderDestroy(JxlDecoder *decoder) { CALL(JxlDecoderDestroy)(decoder); }
JxlDecoderStatus JxlDecoderSubscribeEvents(JxlDecoder *decoder, int events) {
    return CALL(JxlDecoderSubscribeEvents)(decoder, events);
}
JxlDecoderStatus JxlDecoderSetKeepOrientation(JxlDecoder *decoder, JXL_BOOL keep) {
    return CALL(JxlDecoderSetKeepOrientation)(decoder, keep);
}
JxlDecoderStatus JxlDecoderSetInput(JxlDecoder *decoder, const uint8_t *data, size_t size) {
    return CALL(JxlDecoderSetInput)(decoder, data, size);
}
void JxlDecoderCloseInput(JxlDecoder *decoder) { CALL(JxlDecoderCloseInput)(decoder); }
JxlDecoderStatus JxlDecoderProcessInput(JxlDecoder *decoder) { return CALL(JxlDecoderProcessInput)(decoder); }
JxlDecoderStatus JxlDecoderGetBasicInfo(const JxlDecoder *decoder, JxlBasicInfo *info) {
    return CALL(JxlDecoderGetBasicInfo)(decoder, info);
}
JxlDecoderStatus JxlDecoderGetFrameHeader(const JxlDecoder *decoder, JxlFrameHeader *header) {
    return CALL(JxlDecoderGetFrameHeader)(decoder, header);
}
JxlDecoderStatus JxlDecoderGetICCProfileSize(const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target,
                                             size_t *size) {
    return CALL(JxlDecoderGetICCProfileSize)(decoder, format, target, size);
}
JxlDecoderStatus JxlDecoderGetColorAsICCProfile(const JxlDecoder *decoder, const JxlPixelFormat *format, JxlColorProfileTarget target,
                                                uint8_t *profile, size_t size) {
    return CALL(JxlDecoderGetColorAsICCProfile)(decoder, format, target, profile, size);
}
JxlDecoderStatus JxlDecoderSetPreferredColorProfile(JxlDecoder *decoder, const JxlColorEncoding *encoding) {
    return CALL(JxlDecoderSetPreferredColorProfile)(decoder, encoding);
}
JxlDecoderStatus JxlDecoderImageOutBufferSize(const JxlDecoder *decoder, const JxlPixelFormat *format, size_t *size) {
    return CALL(JxlDecoderImageOutBufferSize)(decoder, format, size);
}
JxlDecoderStatus JxlDecoderSetImageOutBuffer(JxlDecoder *decoder, const JxlPixelFormat *format, void *buffer, size_t size) {
    return CALL(JxlDecoderSetImageOutBuffer)(decoder, format, buffer, size);
}
