#include "internal.h"

#include <fnmatch.h>
#include <string.h>

int archive_is_glob(const char *pattern)
{
	return pattern && strpbrk(pattern, "*?[") != NULL;
}

/*
 * Filters are exact, prefix or glob: a pattern with *, ? or [ is a glob;
 * otherwise it matches its exact value and, unless exact_only, every value
 * it is a prefix of ("2.6.16" finds "2.6.16-rc5" when no 2.6.16 exists;
 * the caller prefers exact matches when there are any).
 */
int archive_match(const char *pattern, const char *value, int exact_only)
{
	if (!pattern)
		return 1;
	if (!value)
		return 0;
	if (archive_is_glob(pattern))
		return fnmatch(pattern, value, 0) == 0;
	if (exact_only)
		return strcmp(pattern, value) == 0;
	return strncmp(pattern, value, strlen(pattern)) == 0;
}
