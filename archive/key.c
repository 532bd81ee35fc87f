#include "internal.h"
#include "../core/strbuf.h"

#include <string.h>
#include <time.h>



static int allowed(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '+' || c == '-';
}

/*
 * Keys come from untrusted text: only [A-Za-z0-9._+-] reaches a path, and
 * a leading '.' becomes '_' so that neither "." nor ".." nor ".git" can be
 * a path component.  The original stays inside the file.
 */
char *archive_key(const char *untrusted)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p;

	for (p = (const unsigned char *)(untrusted ? untrusted : ""); *p && sb.len < ARCHIVE_KEY_MAX; p++) {
		if (allowed(*p) && !(sb.len == 0 && *p == '.'))
			strbuf_addch(&sb, *p);
		else
			strbuf_addch(&sb, '_');
	}
	if (!sb.len)
		strbuf_addstr(&sb, "unknown");
	return strbuf_detach(&sb, NULL);
}

const char *archive_first_field(const struct recset *set, size_t offset)
{
	size_t i;

	for (i = 0; i < set->nr; i++) {
		const char *v = *(char **)((char *)&set->v[i] + offset);

		if (v && *v)
			return v;
	}
	return NULL;
}


void archive_format_time(struct strbuf *out, time_t t, const char *fmt)
{
	char buf[64];
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), fmt, &tm);
	strbuf_addstr(out, buf);
}
