/*
 * libFuzzer target: the readers of prose and "key: value" lines on any
 * text.  Every number read must start inside the text, every value must
 * be a whole decimal number, and the cheap tests must never claim less
 * than the readers find.
 */
#include "../../import/import_keyvalue.h"
#include "../../import/import_prose.h"
#include "../../import/import_quantity.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check_value(const char *v)
{
	char *end;

	if (!*v)
		__builtin_trap();
	(void)strtod(v, &end);
	if (*end)
		__builtin_trap();
}

static void check_lines(char *text, size_t len)
{
	char *line = text, *nl;

	for (; line < text + len; line = nl + 1) {
		struct kv_line kv;
		size_t i;

		nl = strchr(line, '\n');
		if (!nl)
			nl = text + len;
		*nl = '\0';
		if (!import_keyvalue_line(&kv, line)) {
			if (!kv.nr || kv.nr > KV_MAX)
				__builtin_trap();
			for (i = 0; i < kv.nr; i++) {
				if (kv.v[i].at >= strlen(line))
					__builtin_trap();
				check_value(kv.v[i].q.value);
			}
			import_keyvalue_release(&kv);
		}
		(void)import_keyvalue_fact(line);
		(void)import_prose_why(line);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct prose_nums n;
	size_t i;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	size = strlen(text);
	for (i = 0; i < size; i++) {
		struct quantity q;

		if (!import_quantity(&q, text + i)) {
			if (q.len == 0 || q.len > size - i)
				__builtin_trap();
			check_value(q.value);
		}
	}
	if (!import_prose_read(&n, text, 0, size)) {
		for (i = 0; i < n.nr; i++) {
			if (n.v[i].at >= size)
				__builtin_trap();
			check_value(n.v[i].value);
		}
		if (n.end > size)
			__builtin_trap();
		import_prose_release(&n);
	}
	check_lines(text, size);
	free(text);
	return 0;
}
