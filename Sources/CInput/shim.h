#include <libinput.h>
#include <libudev.h>
#include <time.h>
