#include "collect_internal.h"

#include <stdlib.h>
#include <string.h>

/*
 * /proc/mounts, one "device mountpoint type options 0 0" line a mount,
 * with spaces, tabs, newlines and backslashes in paths written as octal
 * escapes (\040).
 */

static void unescape(struct strbuf *out, const char *s, size_t len)
{
	size_t i;

	strbuf_reset(out);
	for (i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 3 < len && s[i + 1] >= '0' && s[i + 1] <= '3' &&
		    s[i + 2] >= '0' && s[i + 2] <= '7' &&
		    s[i + 3] >= '0' && s[i + 3] <= '7') {
			strbuf_addch(out, (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 +
						 (s[i + 3] - '0')));
			i += 3;
		} else {
			strbuf_addch(out, s[i]);
		}
	}
}

/* The next space-separated field of line, advancing *p. */
static size_t field(const char **p, const char *end, const char **start)
{
	const char *s = *p;

	while (s < end && *s == ' ')
		s++;
	*start = s;
	while (s < end && *s != ' ')
		s++;
	*p = s;
	return (size_t)(s - *start);
}

int collect_mounts_parse(const char *text, size_t len,
			 int (*fn)(void *payload, const struct collect_mount *m), void *payload)
{
	struct strbuf dev = STRBUF_INIT, dir = STRBUF_INIT, type = STRBUF_INIT, opts = STRBUF_INIT;
	const char *p = text, *end = text + len;
	int ret = 0;

	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *s;
		struct collect_mount m;
		size_t n;

		n = field(&p, le, &s);
		unescape(&dev, s, n);
		n = field(&p, le, &s);
		unescape(&dir, s, n);
		n = field(&p, le, &s);
		unescape(&type, s, n);
		n = field(&p, le, &s);
		unescape(&opts, s, n);
		p = le + (nl != NULL);
		if (!dir.len || !type.len)
			continue;
		m.device = dev.buf;
		m.dir = dir.buf;
		m.type = type.buf;
		m.options = opts.buf;
		ret = fn(payload, &m);
	}
	strbuf_release(&dev);
	strbuf_release(&dir);
	strbuf_release(&type);
	strbuf_release(&opts);
	return ret;
}

int collect_mounts_each(int (*fn)(void *payload, const struct collect_mount *m), void *payload)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = 0;

	if (strbuf_read_file(&sb, "/proc/mounts") == 0)
		ret = collect_mounts_parse(sb.buf, sb.len, fn, payload);
	strbuf_release(&sb);
	return ret;
}

struct find {
	const char *path;
	int found;
};

static int is_path(void *payload, const struct collect_mount *m)
{
	struct find *f = payload;

	if (!strcmp(m->dir, f->path))
		f->found = 1;
	return 0;
}

int collect_is_mounted(const char *path)
{
	struct find f = { path, 0 };

	collect_mounts_each(is_path, &f);
	return f.found;
}

struct holder {
	const char *path;
	size_t best;
	struct collect_mount_copy *out;
};

static int holds(void *payload, const struct collect_mount *m)
{
	struct holder *h = payload;
	size_t ml = strlen(m->dir);

	if (!strncmp(h->path, m->dir, ml) && (h->path[ml] == '/' || !h->path[ml] || ml == 1) &&
	    ml >= h->best) {
		h->best = ml;
		strbuf_reset(&h->out->device);
		strbuf_addstr(&h->out->device, m->device);
		strbuf_reset(&h->out->dir);
		strbuf_addstr(&h->out->dir, m->dir);
		strbuf_reset(&h->out->type);
		strbuf_addstr(&h->out->type, m->type);
		strbuf_reset(&h->out->options);
		strbuf_addstr(&h->out->options, m->options);
	}
	return 0;
}

int collect_mount_of(struct collect_mount_copy *out, const char *path)
{
	char *real = realpath(path, NULL);
	struct holder h = { real, 0, out };

	if (!real)
		return -1;
	collect_mounts_each(holds, &h);
	free(real);
	return h.best ? 0 : -1;
}

void collect_mount_copy_init(struct collect_mount_copy *m)
{
	strbuf_init(&m->device, 0);
	strbuf_init(&m->dir, 0);
	strbuf_init(&m->type, 0);
	strbuf_init(&m->options, 0);
}

void collect_mount_copy_release(struct collect_mount_copy *m)
{
	strbuf_release(&m->device);
	strbuf_release(&m->dir);
	strbuf_release(&m->type);
	strbuf_release(&m->options);
}
