/*
 * libFuzzer target: the whole importer on one input (mbox, message or bare
 * text), then the output writers on what it found.  Every record must
 * carry a metric, a value that is a number and no negative line.
 */
#include "../../core/bench.h"
#include "../../core/error.h"
#include "../../core/json.h"
#include "../../import/import.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail_list list = MAIL_LIST_INIT;
	struct import_result r = IMPORT_RESULT_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i;

	/* skipped messages are expected here; no warnings */
	r.quiet = 1;
	mail_read_buffer(&list, "fuzz", (const char *)data, size);
	import_messages(&r, &list);
	import_finish(&r);
	for (i = 0; i < r.records.nr; i++) {
		const struct record *rec = &r.records.v[i];

		if (!rec->value || !value_is_number(rec->value) || !rec->metric)
			__builtin_trap();
		/* decoded MIME lines map to input lines, uuencoded ones to their own */
		if (rec->line < 0)
			__builtin_trap();
	}
	json_write_recset(&out, &r.records);
	strbuf_reset(&out);
	bench_write(&out, &r.records);
	strbuf_release(&out);
	import_result_release(&r);
	mail_list_release(&list);
	return 0;
}
