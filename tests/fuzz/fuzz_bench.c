/* libFuzzer target: the .bench reader, and the writer on what it read. */
#include "fuzz_parse_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recset set = RECSET_INIT;

	if (bench_parse(&set, (const char *)data, size, "fuzz") == 0)
		fuzz_check_writes_back(&set);
	recset_release(&set);
	return 0;
}
