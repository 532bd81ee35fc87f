#ifndef RENDER_METHOD_H
#define RENDER_METHOD_H

#include "../core/record.h"
#include "../core/strbuf.h"

/*
 * How the numbers were taken, in sentences, from the runs' facts
 * (docs/render.md lists the keys): iterations, caches dropped or not,
 * sync included or not, data-set size against memory, same backing store
 * or not.  What the facts do not say is said to be unrecorded, never
 * guessed.
 */
void render_method(struct strbuf *out, const struct recset *set);

/*
 * The rates benchpost run flagged (its "flagged" facts), summed up by
 * reason: "Flagged rates, kept as METRIC-flagged: transactions-rate:
 * postmark's clock counts whole seconds."  want, when not NULL, picks
 * the metrics worth naming.
 */
void render_method_flagged(struct strbuf *out, const struct recset *set,
			   int (*want)(const char *metric));

/* Distinct values of a fact (or record field of that name), joined by ", ". */
size_t render_fact_values(struct strbuf *out, const struct recset *set, const char *key);

/* "1100 MiB", "4 GiB", "4096M", "256m" in bytes; -1 when not a size. */
double render_parse_size(const char *s);

#endif
