/*
 * libFuzzer target: the results files import reads beside mail (.bench,
 * JSON Lines, fio and hyperfine JSON).  The first byte picks the name the
 * input has, since a name ending in .bench makes it a .bench file.
 */
#include "fuzz_parse_check.h"
#include "../../import/import_formats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "fuzz.json", "fuzz.bench", "fuzz" };
	struct recset set = RECSET_INIT;
	const char *name;
	time_t when;
	size_t i;
	int ret;

	if (!size)
		return 0;
	name = names[data[0] % 3];
	ret = import_format_read(&set, &when, (const char *)data + 1, size - 1, name, NULL);
	if (ret == 0) {
		for (i = 0; i < set.nr; i++)
			if (!set.v[i].value || !value_is_number(set.v[i].value) ||
			    !set.v[i].source || !set.v[i].metric)
				__builtin_trap();
		fuzz_check_writes_back(&set);
	} else if (set.nr) {
		/* a file that fails gives nothing */
		__builtin_trap();
	}
	recset_release(&set);
	return 0;
}
