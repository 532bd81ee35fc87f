#include "error.h"
#include "escape.h"
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * The last error, one per thread as libgit2 keeps it: the importer's
 * workers (import_batch.c) run readers that may set one.  A thread that
 * ends calls err_clear(), else its message is lost memory.
 */
static _Thread_local struct strbuf last = STRBUF_INIT;

static void set_msg(const char *fmt, va_list ap, int with_errno)
{
	int saved = errno;
	struct strbuf sb = STRBUF_INIT;

	strbuf_vaddf(&sb, fmt, ap);
	if (with_errno)
		strbuf_addf(&sb, ": %s", strerror(saved));
	strbuf_release(&last);
	last = sb;
	errno = saved;
}

int err_set(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_msg(fmt, ap, 0);
	va_end(ap);
	return BP_ERROR;
}

int err_set_errno(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_msg(fmt, ap, 1);
	va_end(ap);
	return BP_ERROR;
}

int err_prefix(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (last.len) {
		strbuf_addstr(&sb, ": ");
		strbuf_add(&sb, last.buf, last.len);
	}
	strbuf_release(&last);
	last = sb;
	return BP_ERROR;
}

const char *err_last(void)
{
	return last.len ? last.buf : "unknown error";
}

void err_clear(void)
{
	strbuf_release(&last);
}

void warning(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT, shown = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/* warnings name messages and files from outside: inert on the terminal */
	esc_add(&shown, sb.buf, sb.len, ESC_KEEP_TAB | ESC_KEEP_NEWLINE);
	fprintf(stderr, "benchpost: warning: %s\n", shown.buf);
	strbuf_release(&sb);
	strbuf_release(&shown);
}

void bp_warnf(const struct bp_warn *w, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (!w || !w->fn)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	w->fn(w->payload, sb.buf);
	strbuf_release(&sb);
}
