#include "import_time.h"
#include "../core/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int import_time_metric(const char *metric)
{
	/* called on every value of every block: the first letter picks the one word to compare */
	switch (metric[0]) {
	case 'e': return !strcmp(metric, "elapsed");
	case 'u': return !strcmp(metric, "user");
	case 's': return !strcmp(metric, "sys");
	case 'c': return !strcmp(metric, "cpu");
	}
	return 0;
}

int import_time_may_start(const char *s)
{
	const char *p;

	if (!strpbrk(s, "0123456789"))
		return 0;
	if (strstr(s, "user") || strstr(s, "real") || strstr(s, "Command") || strstr(s, "time ("))
		return 1;
	/* tcsh: "0.010u 0.020s ..." */
	for (p = s; (p = strchr(p, 'u')); p++)
		if (p > s && isdigit((unsigned char)p[-1]) && (p[1] == ' ' || p[1] == '\t'))
			return 1;
	return 0;
}

int import_time_at(struct scan *sc, size_t i, struct time_block *b, int *line_form)
{
	size_t f;

	*line_form = 0;
	if (i >= sc->nr || !import_time_may_start(sc->v[i].s))
		return 0;
	for (f = 0; f < time_forms_nr; f++) {
		int r;

		b->first = i;
		r = time_forms[f].read(sc, i, b);
		if (r) {
			*line_form = time_forms[f].one_line;
			return r;
		}
	}
	return 0;
}

int import_time_starts(struct scan *sc, size_t i)
{
	size_t f;

	if (i >= sc->nr || !import_time_may_start(sc->v[i].s))
		return 0;
	for (f = 0; f < time_forms_nr; f++)
		if (time_forms[f].starts(sc, i))
			return 1;
	return 0;
}

char *import_number(const char *s, size_t n)
{
	size_t i = 0, digits = 0;
	struct strbuf sb = STRBUF_INIT;

	if (n && s[n - 1] == '%')
		n--;
	if (!n || n > 24)
		return NULL;
	for (i = 0; i < n && isdigit((unsigned char)s[i]); i++)
		digits++;
	if (i < n && (s[i] == '.' || s[i] == ',')) {
		size_t j = i + 1;

		while (j < n && isdigit((unsigned char)s[j]))
			j++;
		if (j == i + 1)
			return NULL;
		digits += j - i - 1;
		i = j;
	}
	if (i != n || !digits || !isdigit((unsigned char)s[0]))
		return NULL;
	strbuf_add(&sb, s, n);
	if (strchr(sb.buf, ','))
		*strchr(sb.buf, ',') = '.';
	return strbuf_detach(&sb, NULL);
}

char *import_seconds(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	if (parse_duration(&sb, s, n) < 0) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

int import_dd_line(struct import_dd *out, const char *s)
{
	const char *c = strstr(s, " copied, "), *p, *e;

	memset(out, 0, sizeof(*out));
	if (!c || !strstr(s, " bytes"))
		return 0;
	p = c + 9;
	e = p + strcspn(p, " ,");
	out->seconds = import_seconds(p, e - p);
	if (!out->seconds)
		return 0;
	/* "5.2 s, 101 MB/s" or "5.2 seconds, 101 MB/s" */
	p = strchr(e, ',');
	if (p) {
		p += 1 + strspn(p + 1, " ");
		e = p + strcspn(p, " ");
		out->rate = import_number(p, e - p);
		if (out->rate) {
			p = e + strspn(e, " ");
			out->rate_unit = xstrndup(p, strcspn(p, " \t\r"));
		}
	}
	return 1;
}

void import_dd_release(struct import_dd *d)
{
	free(d->seconds);
	free(d->rate);
	free(d->rate_unit);
	memset(d, 0, sizeof(*d));
}
