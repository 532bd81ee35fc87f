#include "mail_lines.h"

#include <gmime/gmime.h>
#include <string.h>
#include <strings.h>

/*
 * Text in a charset as GMime's charset filter gives it in UTF-8, for the
 * charsets whose conversion is known byte for byte (mail_lines.h), so
 * that a part's text needs no filter stream when it is in one of them.
 */

/*
 * Whether GMime's charset filter would give the n bytes at p unchanged:
 * with no charset there is no filter, and a charset that holds ASCII as
 * it is (ASCII, UTF-8, the ISO 8859 ones) passes text of ASCII bytes
 * through iconv byte for byte, as UTF-8 to UTF-8 passes valid UTF-8 (a
 * byte order mark is left to iconv).  A NUL is left to GMime.
 */
int mail_charset_as_is(const char *charset, const char *p, size_t n)
{
	size_t i;

	if (!charset)
		return 1;
	if (strcasecmp(charset, "us-ascii") && strcasecmp(charset, "utf-8") &&
	    (strncasecmp(charset, "iso-8859-", 9) || !charset[9] || charset[9 + strspn(charset + 9, "0123456789")]))
		return 0;
	if ((i = mail_ascii_span(p, n)) == n)
		return 1;
	return !strcasecmp(charset, "utf-8") && !memchr(p + i, '\0', n - i) && g_utf8_validate(p, (gssize)n, NULL) &&
	       !(n >= 3 && !memcmp(p, "\xef\xbb\xbf", 3));
}

/* ISO 8859-1, which iconv reads as the first 256 code points, byte for byte. */
int mail_charset_is_latin1(const char *charset)
{
	return charset && !strcasecmp(charset, "iso-8859-1");
}

/*
 * The n bytes at p, in ISO 8859-1, in UTF-8 onto out: what GMime's
 * charset filter gives for them when none is a NUL (those are left to it).
 * Returns -1, with nothing added, for a NUL.
 */
int mail_latin1_to_utf8(struct strbuf *out, const char *p, size_t n)
{
	size_t i;
	char *o;

	if (memchr(p, '\0', n))
		return -1;
	strbuf_grow(out, 2 * n);
	o = out->buf + out->len;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p[i];

		if (c < 0x80) {
			*o++ = (char)c;
		} else {
			*o++ = (char)(0xc0 | c >> 6);
			*o++ = (char)(0x80 | (c & 0x3f));
		}
	}
	strbuf_setlen(out, (size_t)(o - out->buf));
	return 0;
}

