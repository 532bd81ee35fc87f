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
	struct import *imp;
	struct strbuf out = STRBUF_INIT;
	size_t i;

	/* skipped messages are expected here: no warning sink */
	if (import_new(&imp, NULL) < 0)
		__builtin_trap();
	mail_read_buffer(&list, "fuzz", (const char *)data, size);
	import_messages(imp, &list);
	import_finish(imp);
	for (i = 0; i < imp->result.borrowed.nr; i++) {
		const struct record *rec = &imp->result.borrowed.v[i];

		if (!rec->value || !value_is_number(rec->value) || !rec->metric)
			__builtin_trap();
		/* decoded MIME lines map to input lines, uuencoded ones to their own */
		if (rec->line < 0)
			__builtin_trap();
	}
	json_write_recset(&out, &imp->result.borrowed);
	strbuf_reset(&out);
	bench_write(&out, &imp->result.borrowed);
	strbuf_release(&out);
	import_free(imp);
	mail_list_release(&list);
	return 0;
}
