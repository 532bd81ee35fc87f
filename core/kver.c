#include "kver.h"

#include <ctype.h>
#include <string.h>

/* Compares runs of digits by value and everything else byte by byte. */
static int natural_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	while (i < alen && j < blen) {
		if (isdigit((unsigned char)a[i]) && isdigit((unsigned char)b[j])) {
			size_t si, sj, li, lj;

			while (i < alen && a[i] == '0' && i + 1 < alen && isdigit((unsigned char)a[i + 1]))
				i++;
			while (j < blen && b[j] == '0' && j + 1 < blen && isdigit((unsigned char)b[j + 1]))
				j++;
			si = i;
			sj = j;
			while (i < alen && isdigit((unsigned char)a[i]))
				i++;
			while (j < blen && isdigit((unsigned char)b[j]))
				j++;
			li = i - si;
			lj = j - sj;
			if (li != lj)
				return li < lj ? -1 : 1;
			if (memcmp(a + si, b + sj, li))
				return memcmp(a + si, b + sj, li) < 0 ? -1 : 1;
			continue;
		}
		if (a[i] != b[j])
			return (unsigned char)a[i] < (unsigned char)b[j] ? -1 : 1;
		i++;
		j++;
	}
	if (i < alen)
		return 1;
	if (j < blen)
		return -1;
	return 0;
}

static const char *const prerelease[] = { "test", "pre", "rc", "alpha", "beta", NULL };

/* -1 for a pre-release token (rc5, pre4, test12), 1 for anything else. */
static int token_rank(const char *t, size_t len, size_t *kind)
{
	size_t k;

	for (k = 0; prerelease[k]; k++) {
		size_t n = strlen(prerelease[k]);
		size_t i;

		if (len < n || strncasecmp(t, prerelease[k], n))
			continue;
		for (i = n; i < len; i++)
			if (!isdigit((unsigned char)t[i]))
				break;
		if (i == len) {
			*kind = k;
			return -1;
		}
	}
	return 1;
}

/* Splits "2.6.16-rc5-mm3" into base "2.6.16" and the rest "rc5-mm3". */
static size_t base_len(const char *v)
{
	size_t i = 0;

	while (v[i] && (isdigit((unsigned char)v[i]) || v[i] == '.'))
		i++;
	while (i && v[i - 1] == '.')
		i--;
	return i;
}

static int base_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i = 0, j = 0;

	while (i < alen || j < blen) {
		unsigned long x = 0, y = 0;

		while (i < alen && a[i] != '.')
			x = x * 10 + (unsigned long)(a[i++] - '0');
		while (j < blen && b[j] != '.')
			y = y * 10 + (unsigned long)(b[j++] - '0');
		if (x != y)
			return x < y ? -1 : 1;
		if (i < alen)
			i++;
		if (j < blen)
			j++;
	}
	return 0;
}

static const char *next_token(const char *s, size_t *len)
{
	while (*s == '-' || *s == '_' || *s == '.' || *s == '+' || *s == '~')
		s++;
	*len = 0;
	while (s[*len] && s[*len] != '-' && s[*len] != '_' && s[*len] != '~' && s[*len] != '+')
		(*len)++;
	return s;
}

int kver_cmp(const char *a, const char *b)
{
	const char *a0 = a, *b0 = b;
	size_t abase, bbase;
	int c;

	if (!a || !*a)
		return (!b || !*b) ? 0 : -1;
	if (!b || !*b)
		return 1;
	abase = base_len(a);
	bbase = base_len(b);
	if (abase && bbase) {
		c = base_cmp(a, abase, b, bbase);
		if (c)
			return c;
	} else if (abase || bbase) {
		/* something that is not a version at all sorts after versions */
		return abase ? -1 : 1;
	}
	a += abase;
	b += bbase;
	if (!abase) {
		c = natural_cmp(a, strlen(a), b, strlen(b));
		if (c)
			return c;
	}
	for (;;) {
		size_t alen, blen, akind = 0, bkind = 0;
		const char *at = next_token(a, &alen), *bt = next_token(b, &blen);
		int ar = alen ? token_rank(at, alen, &akind) : 0;
		int br = blen ? token_rank(bt, blen, &bkind) : 0;

		if (!alen && !blen)
			break;
		if (ar != br)
			return ar < br ? -1 : 1;
		if (ar == -1 && akind != bkind)
			return akind < bkind ? -1 : 1;
		c = natural_cmp(at, alen, bt, blen);
		if (c)
			return c;
		a = at + alen;
		b = bt + blen;
	}
	/* equal by the rules: fall back to bytes so that the order is total */
	c = strcmp(a0, b0);
	return c < 0 ? -1 : c > 0;
}

void kver_widen(const char **lo, const char **hi, const char *k)
{
	if (!k)
		return;
	if (!*lo || kver_cmp(k, *lo) < 0)
		*lo = k;
	if (!*hi || kver_cmp(k, *hi) > 0)
		*hi = k;
}

int kver_cmp_ptr(const void *a, const void *b)
{
	return kver_cmp(*(const char *const *)a, *(const char *const *)b);
}
