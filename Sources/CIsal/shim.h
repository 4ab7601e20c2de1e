#include <isa-l.h>
