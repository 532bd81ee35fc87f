#include "version.h"

#include <stdlib.h>

/*
 * The Makefile defines both for each kind of binary; the fallbacks keep a
 * compiler run by hand (a fuzz target, an editor's checker) working.
 */
#ifndef BP_BUILD_COMMIT
#define BP_BUILD_COMMIT "unknown"
#endif
#ifndef BP_TEMPLATE_DIR
#define BP_TEMPLATE_DIR "/usr/local/share/benchpost/templates"
#endif

const char *bp_build_commit(void)
{
	return BP_BUILD_COMMIT;
}

size_t bp_template_dirs(const char *dirs[BP_TEMPLATE_DIRS_MAX])
{
	const char *env = getenv("BENCHPOST_TEMPLATES");
	size_t n = 0;

	if (env && *env)
		dirs[n++] = env;
	dirs[n++] = BP_TEMPLATE_DIR;
	return n;
}
