/* libFuzzer target: the kernbench parser on any text. */
#include "fuzz_parse_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_parse_check("kernbench", data, size);
	return 0;
}
