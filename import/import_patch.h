#ifndef IMPORT_PATCH_H
#define IMPORT_PATCH_H

#include <stddef.h>

/*
 * Patches named with the kernel they were applied to.  The kernel string
 * carries them after a '+' (DESIGN.md keeps the kernel free-form and '+'
 * is safe in archive paths): "2.6.16-rc5 + the foo patch" is kernel
 * "2.6.16-rc5+foo".  Only these shapes, right after the version, count:
 *
 *   VERSION + NAME            VERSION plus NAME         (NAME then ends the clause)
 *   VERSION + [the] NAME patch                          VERSION plus [the] NAME patch
 *   VERSION with [the] NAME patch                       VERSION with NAME.patch / NAME.diff
 *
 * and never a NAME that is an ordinary word ("plus some fixes") or a
 * kernel version.  Up to three patches chain ("+ foo + bar").
 */

/* The version at s (len bytes), with the patches the text after it names. */
char *import_patched_kernel(const char *s, size_t len);

#endif
