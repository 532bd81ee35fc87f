/*
 * libFuzzer target: the whole importer on one input (mbox, message or bare
 * text), then the output writers on what it found.  Every record must
 * carry a metric, a value that is a number and no negative line.
 */
#include "fuzz_import_check.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail_list list = MAIL_LIST_INIT;
	struct import *imp;

	/* skipped messages are expected here: no warning sink */
	if (import_new(&imp, NULL) < 0)
		__builtin_trap();
	/* one thread or two, by the input's length: both ways of extraction are fuzzed */
	import_set_jobs(imp, 1 + size % 2);
	mail_read_buffer(&list, "fuzz", (const char *)data, size);
	import_messages(imp, &list);
	import_finish(imp);
	fuzz_import_check(imp);
	import_free(imp);
	mail_list_release(&list);
	return 0;
}
