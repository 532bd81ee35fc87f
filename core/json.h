#ifndef JSON_H
#define JSON_H

#include "record.h"
#include "strbuf.h"

/*
 * JSON Lines output, the contract other tools build on (DESIGN.md).
 * Strings are escaped for any bytes: valid UTF-8 passes through, control
 * characters become \uXXXX, and bytes that are not UTF-8 are read as
 * Latin-1 (which is what old mail without a charset usually was).
 */
void json_add_string(struct strbuf *out, const char *s);
void json_add_nstring(struct strbuf *out, const char *s, size_t len);
/* Writes value as a JSON number with the digits it has, or null. */
void json_add_number(struct strbuf *out, const char *value);
/* One record as one line, with its trailing newline. */
void json_write_record(struct strbuf *out, const struct record *r);
void json_write_recset(struct strbuf *out, const struct recset *set);

/*
 * For many records that share their strings (an import's are pooled): a
 * writer remembers, by pointer, each string's length and whether it needs
 * escaping, and copies those that do not.  The records' strings must stay
 * as they are while the writer is used.
 */
struct json_writer;
struct json_writer *json_writer_new(void);
/* jw may be NULL: json_write_record */
void json_writer_record(struct json_writer *jw, struct strbuf *out, const struct record *r);
void json_writer_free(struct json_writer *jw);

#endif
