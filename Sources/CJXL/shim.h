#include <jxl/decode.h>
