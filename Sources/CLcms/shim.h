#include <lcms2.h>

/* lcms2's pixel formats are macros built from bit fields, which Swift does not import. */
static const cmsUInt32Number CASCADE_LCMS_BGRA_8 = TYPE_BGRA_8;
static const cmsUInt32Number CASCADE_LCMS_CMYK_8 = TYPE_CMYK_8;
/* Adobe's inverted inks: 255 is no ink. */
static const cmsUInt32Number CASCADE_LCMS_CMYK_8_REV = TYPE_CMYK_8_REV;
