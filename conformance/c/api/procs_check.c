/* eglGetProcAddress answers for every GL and EGL function libglcompute_driver.so exports (with
 * the exported address) and for nothing else. Reads the exported names (nm -D) on
 * stdin. */
// run: check procs_check
#include "harness.h"
#include <dlfcn.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: procs_check LIBGLCOMPUTE.so < names\n");
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW);
    CHECK(lib != NULL, "dlopen %s", argv[1]);
    if (!lib)
        return h_finish("procs_check");
    char name[256];
    int gl = 0, egl = 0;
    while (scanf("%255s", name) == 1) {
        void *addr = dlsym(lib, name);
        void *proc = (void *)eglGetProcAddress(name);
        if (strncmp(name, "glX", 3) == 0 || strncmp(name, "glcompute_interpose_", 20) == 0) {
            /* GLX queries for loaders, and the preload library's interface. */
            CHECK(proc == NULL, "%s is not a GL or EGL function", name);
        } else if (strncmp(name, "gl", 2) == 0 || strncmp(name, "egl", 3) == 0) {
            CHECK(proc != NULL && proc == addr, "eglGetProcAddress(%s) is the exported function", name);
            if (name[0] == 'g')
                gl++;
            else
                egl++;
        } else {
            CHECK(0, "unexpected exported symbol %s", name);
        }
    }
    CHECK(gl > 100 && egl > 40, "%d GL and %d EGL functions exported", gl, egl);
    /* glBegin is a compatibility-profile command glcompute does not implement: a stub
     * (egl_paths.c calls it), not the export it lacks. */
    CHECK(dlsym(lib, "glBegin") == NULL && eglGetProcAddress("glBegin") != NULL, "glBegin has a stub");
    CHECK(eglGetProcAddress("glNotAFunction") == NULL, "no GL function, no address");
    CHECK(eglGetProcAddress("") == NULL, "empty name");
    printf("procs_check: %d GL and %d EGL entry points\n", gl, egl);
    return h_finish("procs_check");
}
