#ifndef MAIL_H
#define MAIL_H

#include "../core/error.h"
#include "../core/strbuf.h"

#include <stddef.h>
#include <time.h>

/*
 * The mail layer of the importer: finds the messages in an input (mbox,
 * maildir, one RFC 822 message, the bare text a web archive shows, stdin)
 * and gives each one's headers and its readable text, decoded through
 * GMime (MIME parts, transfer encodings, charsets, RFC 2047, HTML).
 */
/* Bytes someone else owns, read by their length: no NUL need follow them. */
struct mail_view {
	const char *p;
	size_t len;
};

/* A text part that has a file name (an attachment): where its text starts. */
struct mail_part_name {
	long line;         /* the input line of the part's first text line */
	char *name;        /* the file name its sender gave it */
};

struct mail_message {
	char *name;        /* for warnings: "foo.mbox: message 3" */
	char *file;        /* the input's file name ("-": stdin), in name's block */
	char *message_id;  /* without the angle brackets; NULL when none */
	char *from;        /* author, decoded; NULL when none */
	char *subject;
	char *in_reply_to;
	char *references;
	/*
	 * When set, the one block message_id to references point into (the
	 * plain reader's); else each of them is a block of its own.
	 */
	char *headers;
	size_t headers_alloc; /* the size of headers' block */
	time_t date;       /* 0: unknown */
	/*
	 * The readable text, lines ending in '\n': a view of text_buf, or, for
	 * a message handed to a list's each() whose body needs no decoding, of
	 * the input itself, valid until each() returns.
	 */
	struct mail_view text;
	struct strbuf text_buf;   /* the text when it is decoded or copied */
	long line0;        /* input line of text's first line, minus one */
	int exact_lines;   /* text lines are the input's lines (not decoded) */
	long *line_map;    /* else per text line its input line, or NULL (mail_lines.c) */
	size_t line_map_nr;
	size_t line_scan;  /* bytes read to find where decoded parts start: at most its size */
	char *skip;        /* why the message cannot be read, or NULL */
	/* the text parts with a file name, in order (multipart mail read through GMime) */
	struct mail_part_name *part_names;
	size_t npart_names;
};

struct mail_list {
	struct mail_message *v;
	size_t nr, alloc;
	/*
	 * When set, each message is handed over as soon as it has been read
	 * and then dropped, so that a big mbox is never held decoded at once.
	 */
	void (*each)(struct mail_message *m, void *data);
	void *data;
	/* where files that cannot be read inside a directory are reported */
	struct bp_warn warn;
	/* a dropped message's text block, which the next one fills again */
	struct strbuf spare_text;
	/*
	 * The same for its header values' block (m->headers) and its name
	 * block, with the size of the name block of the message being read.
	 */
	struct strbuf spare_values;
	char *spare_name;
	size_t spare_name_size, name_size;
};

#define MAIL_LIST_INIT { NULL, 0, 0, NULL, NULL, { NULL, NULL }, STRBUF_INIT, STRBUF_INIT, NULL, 0, 0 }

/*
 * Reads every message of path: a file (mbox, one message or bare text), a
 * maildir or any directory of such files, or "-" for stdin.  Messages that
 * cannot be read are still listed, with skip saying why, so that the
 * caller can name them in a warning.  Fails only when path cannot be read.
 */
int mail_read_path(struct mail_list *out, const char *path);
/* The same for a file that is not a directory (mail_read.c) and for a directory whose stat is st (mail_dir.c). */
int mail_read_file(struct mail_list *out, const char *path);
struct stat;
int mail_read_dir(struct mail_list *out, const char *path, const struct stat *st);
/* The same for text already in memory; name labels it. */
void mail_read_buffer(struct mail_list *out, const char *name, const char *buf, size_t len);
void mail_list_release(struct mail_list *list);
void mail_message_release(struct mail_message *m);
/*
 * A copy of src that is dst's own (dst holds nothing; free it with
 * mail_message_release): for a list's each() that keeps a message after
 * it returns, when src's text may be a view of the input.
 */
void mail_message_copy(struct mail_message *dst, const struct mail_message *src);
/*
 * Frees the header values read one by one (m->headers NULL) and clears
 * them: for a reader that read them and must read them again.
 */
void mail_message_forget_headers(struct mail_message *m);

/* Splitting (mail_split.c): what kind of text an input is. */
enum mail_kind { MAIL_MBOX, MAIL_RFC822, MAIL_BARE };
enum mail_kind mail_detect(const char *buf, size_t len);

struct mail_span {
	size_t start, len;  /* bytes of one message in the input */
	long line0;         /* its first line in the input, minus one */
	int escaped_from;   /* mbox: a ">From " line is in it (mail_unescape_from) */
	char *author;       /* bare text: the "[Name]" a web archive shows */
	char *subject;
};

struct mail_spans {
	struct mail_span *v;
	size_t nr, alloc;
};

void mail_split_mbox(struct mail_spans *out, const char *buf, size_t len);
/*
 * The message of an mbox that starts at *pos (0, or where the last call
 * left it), so that a reader can go through a big one message by message;
 * *line counts the lines passed (start it at 0).  Returns 0 at the end.
 */
int mail_mbox_next(struct mail_span *out, const char *buf, size_t len, size_t *pos, long *line);
void mail_split_bare(struct mail_spans *out, const char *buf, size_t len);
void mail_spans_release(struct mail_spans *s);
/* mboxrd/mboxo: ">From " (any number of '>') loses one '>'. */
void mail_unescape_from(struct strbuf *out, const char *buf, size_t len);

/*
 * Decodes one RFC 822 message (mail_mime.c): headers into m, readable text
 * into m->text (held in m->text_buf).  Sets m->skip (and returns -1) when
 * the message is unusable.
 */
int mail_mime_decode(struct mail_message *m, const char *buf, size_t len);
/*
 * The same with GMime reading every body: the reference the faster
 * readers of one-part and multipart mail are tested against.
 */
int mail_mime_decode_gmime(struct mail_message *m, const char *buf, size_t len);

/*
 * The same for a message with nothing to decode (mail_plain.c): plain
 * headers, one text/plain part in ASCII or UTF-8, no transfer encoding.
 * Returns -1 (m untouched) for anything else, which mail_mime_decode reads.
 */
int mail_plain_decode(struct mail_message *m, const char *buf, size_t len);
/*
 * The same, but a body with nothing to decode is not copied: *plain_body is
 * where it starts in buf (it runs to buf + len), and m->text is left empty;
 * else *plain_body is NULL and the text is in m->text (and m->text_buf).
 * The header values are written into values' block, which becomes
 * m->headers when the message is read (values is then left empty) and
 * stays values' if not.
 */
int mail_plain_decode_at(struct mail_message *m, const char *buf, size_t len, const char **plain_body,
			 struct strbuf *values);
/*
 * Sets GMime up, which the two readers above need: call it once before
 * them (mail_read_path and mail_read_buffer do).
 */
void mail_mime_init(void);
/* m->text is what m->text_buf holds, once that holds the whole text. */
void mail_text_is_buf(struct mail_message *m);

/* HTML to plain text (mail_html.c): tags dropped, blocks become lines. */
void mail_html_to_text(struct strbuf *out, const char *html, size_t len);

/* Longest line mail accepts before skipping a message as not mail. */
#define MAIL_MAX_LINE (1024 * 1024)
/* Deepest MIME nesting walked before a message is skipped. */
#define MAIL_MAX_DEPTH 32

#endif
