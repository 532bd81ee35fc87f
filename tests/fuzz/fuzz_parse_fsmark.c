/* libFuzzer target: the fs_mark parser on any text. */
#include "fuzz_parse_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_parse_check("fsmark", data, size);
	return 0;
}
