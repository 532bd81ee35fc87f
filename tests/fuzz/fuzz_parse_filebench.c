/* libFuzzer target: the filebench parser on any text. */
#include "fuzz_parse_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_parse_check("filebench", data, size);
	return 0;
}
