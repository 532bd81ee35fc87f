#ifndef RNG_H
#define RNG_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/*
 * splitmix64: a tiny generator, fully specified, so that a seed gives the
 * same sequence on every machine and libc (rand() does not).  The state
 * is the caller's: no hidden static state.
 */
struct rng {
	uint64_t s;
};

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in [0, n) by Lemire's multiply; the bias is below n / 2^64. */
static inline size_t rng_below(struct rng *r, size_t n)
{
	return (size_t)(((unsigned __int128)rng_next(r) * n) >> 64);
}

/* Uniform in (0, 1): never 0, so that log() of it is finite. */
static inline double rng_unit(struct rng *r)
{
	return ((double)(rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

/* Standard normal by Box-Muller. */
static inline double rng_normal(struct rng *r)
{
	double u = rng_unit(r), v = rng_unit(r);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

#endif
