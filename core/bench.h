#ifndef BENCH_H
#define BENCH_H

#include "record.h"
#include "strbuf.h"

/*
 * The Go benchmark data format (golang.org/design/14313-benchmark-format),
 * the archive's file format: "key: value" configuration lines, then
 * "Benchmark<name> <N> <value> <unit> [<value> <unit>...]" lines, one a
 * sample.  docs/bench-format.md gives the mapping to records.
 */

/*
 * Appends the records found in text to out.  name labels error messages
 * ("name:line: what was expected").  On error nothing is appended.
 */
int bench_parse(struct recset *out, const char *text, size_t len, const char *name);
int bench_read_file(struct recset *out, const char *path);

/*
 * Writes records in the canonical form bench_parse reads back byte-exact.
 * Configuration values are made inert (control characters as \xNN, see
 * core/escape.h) and cut at BENCH_VALUE_MAX bytes with a mark, as a mail
 * header line is bounded: such a value reads back as written, not as it
 * was.
 */
#define BENCH_VALUE_MAX 998
void bench_write(struct strbuf *out, const struct recset *set);
void bench_write_records(struct strbuf *out, const struct record *v, size_t nr);

/* Name and unit encodings, exposed for the archive's commit messages and tests. */
void bench_encode_name(struct strbuf *out, const char *benchmark);
int bench_decode_name(char **out, const char *token, size_t len);
void bench_encode_unit(struct strbuf *out, const char *metric, const char *unit);
int bench_decode_unit(char **metric, char **unit, const char *token, size_t len);

#endif
