// A shared library opened on first use instead of at start (dlopen), for the decoders only a few
// photos need. Linked normally, libheif and libjxl bring ten libraries (x265, libaom, dav1d,
// libde265, highway, brotli) into every cascade process: the dynamic linker's symbol lookups over
// them and their constructors (highway calibrates a timer, libde265 fills tables) were most of the
// viewer's start before its first frame, and of every decode worker's, on a library with no HEIC
// or JPEG XL in it. glibc has no lazy loading of DT_NEEDED libraries, so this is done by hand,
// the way SDL and SDL_image open their optional codecs.
// Against linking: first full screen 54 ms instead of 64, and a start with the library missing
// (BENCHMARKS.md "Hand-written or library").
#pragma once
#include <pthread.h>
#include <stdbool.h>

struct cascade_lazy_library {
    const char *soname;
    pthread_once_t once;
    void *handle;
    char error[256];
};

#define CASCADE_LAZY_LIBRARY(name) { (name), PTHREAD_ONCE_INIT, 0, "" }

/// Opens the library on the first call (any thread, once); false with `error` set if it cannot.
bool cascade_lazy_open(struct cascade_lazy_library *library);

/// The library's function `name`. Aborts with a message if the library is not open or lacks it:
/// callers ask `cascade_lazy_open` first, so that is a bug in cascade, never a bad photo.
void *cascade_lazy_symbol(struct cascade_lazy_library *library, const char *name);

/// The stubs' forwarding: the real function, cast to the type the library's header gives `name`.
/// `library` is a name, not a value: a stub's parameter of the same name would shadow the
/// library (a stub so written hangs in pthread_once on its first call), so libraries are named
/// `…_library`.
#define CASCADE_LAZY_CALL(library, name) ((__typeof__(&name))cascade_lazy_symbol(&(library), #name))
