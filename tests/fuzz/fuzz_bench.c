/* libFuzzer target: the .bench reader, and the writer on what it read. */
#include "../../core/bench.h"
#include "../../core/json.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recset set = RECSET_INIT, again = RECSET_INIT;
	struct strbuf out = STRBUF_INIT;

	if (bench_parse(&set, (const char *)data, size, "fuzz") == 0) {
		bench_write(&out, &set);
		/* what we write we must read back, with the same records */
		if (bench_parse(&again, out.buf, out.len, "again") != 0 || again.nr != set.nr)
			__builtin_trap();
		strbuf_reset(&out);
		json_write_recset(&out, &set);
	}
	strbuf_release(&out);
	recset_release(&set);
	recset_release(&again);
	return 0;
}
