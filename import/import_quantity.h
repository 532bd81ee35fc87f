#ifndef IMPORT_QUANTITY_H
#define IMPORT_QUANTITY_H

#include <stddef.h>

/*
 * A measured quantity as prose and "key: value" lines write it: a number
 * and its unit, glued or apart.  Durations in every form come out in
 * seconds: "45 seconds", "45s", "7mins", "22 minutes", "1.5 hours",
 * "4 minutes 20 seconds", "33 min 53 secs", "2m05s", "1:05", "1:02:03",
 * "~1m.05s" (minutes, a dot, seconds), "250 ms".  Rates keep the unit as
 * posted: "110 MB/s", "37Mb/sec", "4.47 megabytes/second", "19.87
 * megabytes per second", "303 files/second", "12.5k IOPS".
 */

enum quantity_kind {
	QUANTITY_NONE,
	QUANTITY_DURATION,  /* value in seconds, unit "s" */
	QUANTITY_RATE,      /* anything per second or minute */
	QUANTITY_PERCENT,   /* "12%": a share or a change, never a result by itself */
	QUANTITY_NUMBER,    /* a number with no unit read */
};

#define QUANTITY_VALUE_MAX 40
#define QUANTITY_UNIT_MAX 24

struct quantity {
	enum quantity_kind kind;
	char value[QUANTITY_VALUE_MAX];  /* as posted, durations worked out in seconds */
	char unit[QUANTITY_UNIT_MAX];    /* "s", "MB/s", "Mb/sec", "megabytes/second"; "" for a number */
	const char *metric;              /* elapsed, throughput, iops, rate; NULL for a number or percent */
	size_t len;                      /* bytes of the text it took, the unit's included */
	int approx;                      /* written with a leading '~' */
	int bits;                        /* a rate in bits ("Mbit/s", "Gb/s"): links more often than results */
};

/*
 * Reads the quantity at s (a digit, or '~' and a digit): 0 and *q filled,
 * -1 when s starts with no number.  A number without a unit it knows is
 * QUANTITY_NUMBER; the caller decides what the words around it make it.
 */
int import_quantity(struct quantity *q, const char *s);

#endif
