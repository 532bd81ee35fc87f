#include "mail.h"
#include "mail_lines.h"
#include "../core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static struct mail_message *add_message(struct mail_list *out, const char *file, size_t nth, int many)
{
	static const char sep[] = ": message ";
	struct mail_message *m;
	char digits[3 * sizeof(nth)], *d = digits + sizeof(digits);
	size_t flen = strlen(file), ndigits, nlen;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	m = &out->v[out->nr++];
	memset(m, 0, sizeof(*m));
	/* a big block past glibc's per-thread cache: the last message's is reused */
	m->text_buf = out->spare_text;
	strbuf_init(&out->spare_text, 0);
	strbuf_reset(&m->text_buf);
	/* "%s: message %zu" without printf, which cost more than the rest */
	do
		*--d = (char)('0' + nth % 10);
	while (nth /= 10);
	ndigits = many ? (size_t)(digits + sizeof(digits) - d) : 0;
	nlen = flen + (many ? sizeof(sep) - 1 + ndigits : 0);
	/* name, then the file's name, in one block: the last message's, when it is big enough */
	if (out->spare_name && out->spare_name_size >= nlen + 1 + flen + 1) {
		m->name = out->spare_name;
		out->name_size = out->spare_name_size;
		out->spare_name = NULL;
	} else {
		m->name = xmalloc(nlen + 1 + flen + 1);
		out->name_size = nlen + 1 + flen + 1;
	}
	memcpy(m->name, file, flen);
	if (many) {
		memcpy(m->name + flen, sep, sizeof(sep) - 1);
		memcpy(m->name + flen + sizeof(sep) - 1, d, ndigits);
	}
	m->name[nlen] = '\0';
	m->file = m->name + nlen + 1;
	memcpy(m->file, file, flen + 1);
	return m;
}

/* Hands a finished message to the list's consumer, when it has one. */
static void finished(struct mail_list *out)
{
	struct mail_message *m;

	if (!out->each)
		return;
	m = &out->v[out->nr - 1];
	out->each(m, out->data);
	strbuf_release(&out->spare_text);
	out->spare_text = m->text_buf;
	strbuf_init(&m->text_buf, 0);
	/* the name and header values' blocks too, with the strings in them */
	free(out->spare_name);
	out->spare_name = m->name;
	out->spare_name_size = out->name_size;
	m->name = m->file = NULL;
	if (m->headers) {
		strbuf_release(&out->spare_values);
		out->spare_values.buf = m->headers;
		out->spare_values.alloc = m->headers_alloc;
		out->spare_values.len = 0;
		m->headers = NULL;
		m->message_id = m->from = m->subject = m->in_reply_to = m->references = NULL;
	}
	mail_message_release(m);
	out->nr--;
}

/* Why text that is not mail at all cannot be read, or NULL. */
static char *not_text(const char *buf, size_t len, long line0)
{
	const char *p = buf, *end = buf + len;
	long line = line0 + 1;
	struct strbuf why = STRBUF_INIT;

	/* the usual case at memchr's speed; the line is found only for a warning */
	if (len <= MAIL_MAX_LINE && !memchr(buf, '\0', len))
		return NULL;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *e = nl ? nl : end;

		if ((size_t)(e - p) > MAIL_MAX_LINE) {
			strbuf_addf(&why, "line %ld is longer than %d bytes", line, MAIL_MAX_LINE);
			return strbuf_detach(&why, NULL);
		}
		if (memchr(p, '\0', e - p)) {
			strbuf_addf(&why, "binary data (a NUL byte) at line %ld", line);
			return strbuf_detach(&why, NULL);
		}
		line++;
		p = e + 1;
	}
	return NULL;
}

/*
 * A message handed to each() is done with before buf changes or goes, so
 * its plain body is read where it stands instead of copied.
 */
static void view_body(struct mail_list *out, struct mail_message *m, const char *body, size_t len)
{
	if (!out->each) {
		strbuf_add(&m->text_buf, body, len);
		mail_text_is_buf(m);
		return;
	}
	m->text.p = body;
	m->text.len = len;
}

/*
 * A NUL byte decoded from base64 or quoted-printable (a raw one skips the
 * message: not_text) would end the text where it is read as a C string,
 * and the rest of the part with it: each is read as '?', which no number
 * or word holds, and a warning says where the first one stands.
 */
static void decoded_nuls(struct mail_list *out, struct mail_message *m)
{
	char *p = m->text_buf.buf, *end = p + m->text_buf.len, *nul = memchr(p, '\0', m->text_buf.len);
	size_t n = 0, line;
	long input;

	if (!nul)
		return;
	line = mail_lines_count(p, (size_t)(nul - p)) - (nul > p && nul[-1] != '\n');
	input = m->line_map && line < m->line_map_nr ? m->line_map[line] : m->line0 + 1 + (long)line;
	for (; nul; nul = memchr(nul + 1, '\0', (size_t)(end - nul - 1))) {
		*nul = '?';
		n++;
	}
	bp_warnf(&out->warn, "%s: line %ld: %zu NUL byte%s in its decoded text, read as '?'", m->name, input, n,
		 n == 1 ? "" : "s");
}

static void read_rfc822(struct mail_list *out, struct mail_message *m, const char *buf, size_t len,
			long line0)
{
	const char *body;

	m->line0 = line0;
	m->skip = not_text(buf, len, line0);
	/* the plain reader's text has no NUL: not_text and its decoder rule one out */
	if (m->skip)
		return;
	/* the values' block is m->headers once the message is read */
	if (!mail_plain_decode_at(m, buf, len, &body, &out->spare_values)) {
		if (body)
			view_body(out, m, body, buf + len - body);
		return;
	}
	if (!mail_mime_decode(m, buf, len))
		decoded_nuls(out, m);
}

static void read_mbox_message(struct mail_list *out, const char *name, const char *buf,
			      const struct mail_span *s, size_t nth, int many, struct strbuf *unescaped)
{
	struct mail_message *m = add_message(out, name, nth, many);

	/* most messages have no ">From " to undo: they are read where they are */
	if (!s->escaped_from) {
		read_rfc822(out, m, buf + s->start, s->len, s->line0);
	} else {
		strbuf_reset(unescaped);
		mail_unescape_from(unescaped, buf + s->start, s->len);
		read_rfc822(out, m, unescaped->buf, unescaped->len, s->line0);
	}
	finished(out);
}

/*
 * Pages of a mapped input that are read and done with are handed back, so
 * that memory does not grow with the size of the input.
 */
static void drop_read(const char *buf, size_t upto, size_t page, size_t *dropped)
{
	size_t end = upto / page * page;

	if (end <= *dropped + (1 << 20))
		return;
	madvise((char *)buf + *dropped, end - *dropped, MADV_DONTNEED);
	*dropped = end;
}

/* An mbox, one message at a time: the next one is found before this one is read. */
static void read_mbox(struct mail_list *out, const char *name, const char *buf, size_t len, int mapped)
{
	struct strbuf unescaped = STRBUF_INIT;
	struct mail_span cur, next;
	size_t pos = 0, nth = 1, dropped = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	long line = 0;
	int have = mail_mbox_next(&cur, buf, len, &pos, &line), many = 0;

	while (have) {
		int more = mail_mbox_next(&next, buf, len, &pos, &line);

		many |= more;
		read_mbox_message(out, name, buf, &cur, nth++, many, &unescaped);
		if (mapped && more)
			drop_read(buf, next.start, page, &dropped);
		cur = next;
		have = more;
	}
	strbuf_release(&unescaped);
}

static void read_buffer(struct mail_list *out, const char *name, const char *buf, size_t len, int mapped)
{
	struct mail_spans spans = { NULL, 0, 0 };
	enum mail_kind kind = mail_detect(buf, len);
	size_t i;

	if (kind == MAIL_MBOX) {
		read_mbox(out, name, buf, len, mapped);
		return;
	}
	if (kind == MAIL_RFC822) {
		read_rfc822(out, add_message(out, name, 1, 0), buf, len, 0);
		finished(out);
		return;
	}
	mail_split_bare(&spans, buf, len);
	for (i = 0; i < spans.nr; i++) {
		const struct mail_span *s = &spans.v[i];
		struct mail_message *m = add_message(out, name, i + 1, spans.nr > 1);

		m->line0 = s->line0;
		m->exact_lines = 1;
		m->from = s->author ? xstrdup(s->author) : NULL;
		m->subject = s->subject ? xstrdup(s->subject) : NULL;
		m->skip = not_text(buf + s->start, s->len, s->line0);
		if (!m->skip) {
			strbuf_add(&m->text_buf, buf + s->start, s->len);
			mail_text_is_buf(m);
		}
		finished(out);
	}
	mail_spans_release(&spans);
}

void mail_read_buffer(struct mail_list *out, const char *name, const char *buf, size_t len)
{
	mail_mime_init();
	read_buffer(out, name, buf, len, 0);
}

/* Appends up to one chunk of fd to buf; 0 at the end, -1 on error. */
static ssize_t read_chunk(struct strbuf *buf, int fd)
{
	for (;;) {
		ssize_t n;

		strbuf_grow(buf, 65536);
		n = read(fd, buf->buf + buf->len, buf->alloc - buf->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n > 0)
			strbuf_setlen(buf, buf->len + (size_t)n);
		return n;
	}
}

/*
 * A pipe (stdin) is read in chunks: an mbox is imported a message at a
 * time as soon as the envelope after it has arrived, and only the message
 * not yet complete is kept.  Anything else is one message or bare text,
 * read whole.  Returns -1 with errno set when fd cannot be read.
 */
static int read_stream(struct mail_list *out, const char *name, int fd)
{
	struct strbuf buf = STRBUF_INIT, unescaped = STRBUF_INIT;
	size_t nth = 1;
	long base_line = 0;
	int eof = 0, many = 0, ret = 0, saved;
	size_t rescan_at = 0;
	ssize_t n = 0;

	while (buf.len < 5 && (n = read_chunk(&buf, fd)) > 0)
		;
	if (n < 0)
		goto fail;
	if (buf.len < 5 || memcmp(buf.buf, "From ", 5)) {
		if (strbuf_read_fd(&buf, fd) < 0)
			goto fail;
		read_buffer(out, name, buf.buf, buf.len, 0);
		goto done;
	}
	while (!eof) {
		struct mail_span span;
		size_t pos = 0, done = 0;
		long line = 0, done_line = 0;

		if ((n = read_chunk(&buf, fd)) < 0)
			goto fail;
		eof = n == 0;
		/*
		 * A message longer than a chunk is scanned again only once the
		 * buffer has doubled: rescanning it for every 64 KiB made a big
		 * message from a pipe quadratic.
		 */
		if (!eof && buf.len < rescan_at)
			continue;
		while (mail_mbox_next(&span, buf.buf, buf.len, &pos, &line)) {
			/* the last message is complete only once the input has ended */
			if (pos >= buf.len && !eof)
				break;
			many |= pos < buf.len;
			span.line0 += base_line;
			read_mbox_message(out, name, buf.buf, &span, nth++, many, &unescaped);
			done = pos;
			done_line = line;
		}
		/* what is left starts at an envelope line, as a buffer must */
		memmove(buf.buf, buf.buf + done, buf.len - done);
		strbuf_setlen(&buf, buf.len - done);
		base_line += done_line;
		rescan_at = done ? 0 : 2 * buf.len;
	}
	goto done;
fail:
	ret = -1;
done:
	saved = errno;
	strbuf_release(&buf);
	strbuf_release(&unescaped);
	errno = saved;
	return ret;
}

/* Files are mapped rather than read: the pages read come back as it goes. */
int mail_read_file(struct mail_list *out, const char *path)
{
	const char *label = path;
	struct stat st;
	void *map;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) < 0) {
		err_set_errno("cannot open '%s'", path);
		if (fd >= 0)
			close(fd);
		return BP_ERROR;
	}
	if (!S_ISREG(st.st_mode) || st.st_size == 0) {
		/* nothing to map (or not a plain file): read as it comes */
		int ret = read_stream(out, label, fd);

		if (ret < 0)
			err_set_errno("cannot read '%s'", path);
		close(fd);
		return ret < 0 ? BP_ERROR : 0;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return err_set_errno("cannot read '%s'", path);
	madvise(map, st.st_size, MADV_SEQUENTIAL);
	read_buffer(out, label, map, st.st_size, 1);
	munmap(map, st.st_size);
	return 0;
}

int mail_read_path(struct mail_list *out, const char *path)
{
	struct stat st;

	mail_mime_init();
	if (!strcmp(path, "-")) {
		if (read_stream(out, "stdin", 0) < 0)
			return err_set_errno("cannot read standard input");
		return 0;
	}
	if (stat(path, &st) < 0)
		return err_set_errno("cannot open '%s'", path);
	if (S_ISDIR(st.st_mode))
		return mail_read_dir(out, path, &st);
	return mail_read_file(out, path);
}

void mail_message_forget_headers(struct mail_message *m)
{
	free(m->message_id);
	free(m->subject);
	free(m->from);
	free(m->in_reply_to);
	free(m->references);
	m->message_id = m->subject = m->from = m->in_reply_to = m->references = NULL;
	m->date = 0;
}

void mail_message_release(struct mail_message *m)
{
	free(m->name);   /* file too */
	if (!m->headers)
		mail_message_forget_headers(m);
	free(m->headers);
	free(m->line_map);
	free(m->skip);
	while (m->npart_names)
		free(m->part_names[--m->npart_names].name);
	free(m->part_names);
	strbuf_release(&m->text_buf);
	memset(m, 0, sizeof(*m));
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void mail_message_copy(struct mail_message *dst, const struct mail_message *src)
{
	size_t i, nlen = src->name ? strlen(src->name) + 1 : 0;

	*dst = *src;
	/* the name's block holds the file's name after it */
	if (src->name) {
		size_t flen = src->file ? strlen(src->file) + 1 : 0;

		dst->name = xmalloc(nlen + flen);
		memcpy(dst->name, src->name, nlen);
		dst->file = src->file ? memcpy(dst->name + nlen, src->file, flen) : NULL;
	}
	/* each header value a block of its own (headers NULL) */
	dst->headers = NULL;
	dst->headers_alloc = 0;
	dst->message_id = dup_or_null(src->message_id);
	dst->from = dup_or_null(src->from);
	dst->subject = dup_or_null(src->subject);
	dst->in_reply_to = dup_or_null(src->in_reply_to);
	dst->references = dup_or_null(src->references);
	strbuf_init(&dst->text_buf, src->text.len + 1);
	if (src->text.len)
		strbuf_add(&dst->text_buf, src->text.p, src->text.len);
	dst->text.p = dst->text_buf.buf;
	dst->line_map = NULL;
	if (src->line_map) {
		dst->line_map = xmalloc(src->line_map_nr * sizeof(*dst->line_map) + 1);
		memcpy(dst->line_map, src->line_map, src->line_map_nr * sizeof(*dst->line_map));
	}
	dst->skip = dup_or_null(src->skip);
	dst->part_names = NULL;
	if (src->npart_names) {
		dst->part_names = xmalloc(src->npart_names * sizeof(*dst->part_names));
		for (i = 0; i < src->npart_names; i++) {
			dst->part_names[i].line = src->part_names[i].line;
			dst->part_names[i].name = xstrdup(src->part_names[i].name);
		}
	}
}

void mail_list_release(struct mail_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		mail_message_release(&list->v[i]);
	free(list->v);
	list->v = NULL;
	list->nr = list->alloc = 0;
	strbuf_release(&list->spare_text);
	strbuf_release(&list->spare_values);
	free(list->spare_name);
	list->spare_name = NULL;
}
