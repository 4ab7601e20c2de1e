#include "lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// pthread_once takes no argument: the library being opened is handed over in a thread-local.
static _Thread_local struct cascade_lazy_library *opening;

static void open_library(void) {
    struct cascade_lazy_library *library = opening;
    // RTLD_LOCAL: its symbols stay out of the global scope, so nothing else binds to them.
    library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) {
        const char *why = dlerror();
        snprintf(library->error, sizeof library->error, "%s", why ? why : library->soname);
    }
}

bool cascade_lazy_open(struct cascade_lazy_library *library) {
    opening = library;
    pthread_once(&library->once, open_library);
    return library->handle != 0;
}

void *cascade_lazy_symbol(struct cascade_lazy_library *library, const char *name) {
    void *symbol = cascade_lazy_open(library) ? dlsym(library->handle, name) : 0;
    if (!symbol) {
        fprintf(stderr, "cascade: %s called without %s: %s\n", name, library->soname,
                library->error[0] ? library->error : "no such function");
        abort();
    }
    return symbol;
}
