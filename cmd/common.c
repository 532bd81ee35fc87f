#include "builtin.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/escape.h"
#include "../core/json.h"
#include "../core/strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const format_choices[] = { "bench", "json", NULL };

/* Messages quote names and text from mail and remotes: inert on the terminal too. */
int cmd_error(const char *fmt, ...)
{
	struct strbuf msg = STRBUF_INIT, shown = STRBUF_INIT;
	va_list ap;

	fflush(stdout);
	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	esc_add(&shown, msg.buf, msg.len, ESC_KEEP_TAB | ESC_KEEP_NEWLINE);
	fprintf(stderr, "benchpost: %s\n", shown.buf);
	strbuf_release(&msg);
	strbuf_release(&shown);
	return 1;
}

int cmd_error_last(void)
{
	return cmd_error("%s", err_last());
}

static void warn_on_stderr(void *payload, const char *msg)
{
	(void)payload;
	warning("%s", msg);
}

const struct bp_warn cmd_warn = { warn_on_stderr, NULL };

int cmd_opt_exit(int parsed)
{
	if (parsed == OPT_HELP_SHOWN)
		return 0;
	if (parsed == OPT_USAGE_ERROR)
		return EXIT_USAGE;
	return -1;
}

int cmd_write_records(const struct recset *set, const char *format)
{
	struct strbuf out = STRBUF_INIT;
	int ret = 0;

	if (!strcmp(format, "json")) {
		/* a record a line: written in pieces, never all held at once */
		struct json_writer *jw = json_writer_new();
		size_t i;

		for (i = 0; i < set->nr && !ret; i++) {
			json_writer_record(jw, &out, &set->v[i]);
			if (out.len < 256 * 1024)
				continue;
			if (fwrite(out.buf, 1, out.len, stdout) != out.len)
				ret = cmd_error("cannot write output: %s", strerror(errno));
			strbuf_reset(&out);
		}
		json_writer_free(jw);
	} else {
		bench_write(&out, set);
	}
	if (!ret && (fwrite(out.buf, 1, out.len, stdout) != out.len || fflush(stdout)))
		ret = cmd_error("cannot write output: %s", strerror(errno));
	strbuf_release(&out);
	return ret;
}
