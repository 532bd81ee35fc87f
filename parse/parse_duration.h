#ifndef PARSE_DURATION_H
#define PARSE_DURATION_H

#include <stddef.h>

/*
 * A duration read as parse_duration reads it, before it is written out:
 * a reader that keeps the value elsewhere than in a strbuf writes it
 * there itself, without a copy in between.
 */
struct duration {
	const char *whole;   /* the whole seconds' digits: as posted, or in digits */
	size_t whole_len;
	const char *frac;    /* the fraction's digits as posted, or NULL */
	size_t fraclen;
	char digits[24];     /* whole seconds worked out ("1:05" is 65): not to be copied */
};

/* 0 when s is a duration parse_duration takes, -1 otherwise. */
int duration_read(struct duration *d, const char *s, size_t len);
/* How many bytes duration_write writes. */
size_t duration_len(const struct duration *d);
/* Writes the seconds ("65.17") to out, duration_len(d) bytes, no NUL. */
void duration_write(char *out, const struct duration *d);

#endif
