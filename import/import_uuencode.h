#ifndef IMPORT_UUENCODE_H
#define IMPORT_UUENCODE_H

#include "../mail/mail.h"
#include "../mail/mail_quote.h"

/*
 * A message's text as lines (mail_quote_split), with every uuencoded part
 * that holds text ("begin 644 results.txt" ... "end") replaced by its
 * decoded lines.  Those lines count in the decoded text: the first line of
 * results.txt is line 1.  Other lines keep their input line, mapped
 * through the message's decoding (mail_lines.c).  A part that decodes to
 * binary data is left as it stands.
 */
void import_uu_split(struct qtext *out, const struct mail_message *m);

/*
 * Decodes the uuencoded lines of one part, the "begin" line at text;
 * returns the bytes after its "end" line, or NULL when there is no whole
 * part there.  Exposed for the unit tests.
 */
const char *import_uu_decode(struct strbuf *out, const char *text, const char *end);

#endif
