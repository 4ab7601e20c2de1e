// libinput and libudev for touch screens on the console, opened when the console's touch starts
// (CLazyLibrary says why): with libwacom, GLib and GUdev they were loaded into every process,
// though only a kiosk on the console reads touches through them. The functions cascade calls
// are stubs in input_library.c with the headers' own types.
#pragma once
#include <libinput.h>
#include <libudev.h>
#include <stdbool.h>
#include <time.h>

/// Whether libinput and libudev could be opened (once, on the first call). The caller only
/// needs yes or no: without them the console takes SDL's touches and says so.
bool cascade_input_open(void);
