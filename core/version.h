#ifndef VERSION_H
#define VERSION_H

#include <stddef.h>

#define BENCHPOST_VERSION "0.1.0"

/*
 * What differs between the development binary (./benchpost) and an
 * installed one is compiled into core/build_info.c alone, once per kind,
 * so that the rest of the library is shared and a new PREFIX or commit
 * rebuilds one file.
 */

/* The commit the binary was built from ("3f2c1a9e0b7d", "...-dirty"), or "unknown". */
const char *bp_build_commit(void);

/*
 * The directories a template name is looked up in, in order: the
 * directory $BENCHPOST_TEMPLATES names (when set and not empty), then the
 * one built in: <datadir>/templates for an installed binary, the source
 * tree's templates/ for the development binary.  Fills dirs and returns
 * how many it set (1 or 2).
 */
#define BP_TEMPLATE_DIRS_MAX 2
size_t bp_template_dirs(const char *dirs[BP_TEMPLATE_DIRS_MAX]);

#endif
