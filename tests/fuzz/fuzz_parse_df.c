/* libFuzzer target: the df parser on any text. */
#include "fuzz_parse_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_parse_check("df", data, size);
	return 0;
}
