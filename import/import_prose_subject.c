#include "import_context.h"
#include "import_prose_words.h"
#include "import_quantity.h"

#include <ctype.h>
#include <string.h>

#include "../core/strbuf.h"
#include "../core/util.h"

/*
 * What a clause says of the numbers it states (import_prose.c weighs the
 * numbers themselves): the subject before the verb is the benchmark, and
 * the kernel and file system the clause names; "respectively" lists name
 * each number.
 */

#define SUBJECT_WORDS 16

/* Words that only say how much: "much slower", "a lot" */
static int degree(const struct pword *w)
{
	static const char *const words[] = {
		"much", "very", "really", "lot", "slightly", "significantly", "considerably", "noticeably",
		"quite", "somewhat", "far", "way",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (prose_word_eq(w, words[i]))
			return 1;
	return prose_word_is(w, PW_NEUTRAL) || prose_word_is(w, PW_COPULA) || prose_word_eq(w, "a");
}

static int kernel_adjective(const struct pword *w)
{
	return prose_word_eq(w, "stock") || prose_word_eq(w, "vanilla") || prose_word_eq(w, "plain") ||
	       prose_word_eq(w, "mainline") || prose_word_eq(w, "patched") || prose_word_eq(w, "unpatched");
}

/*
 * The subject [b, e) of a clause: "With 2.6.16 untarring the same tree on
 * ext3" is the benchmark "untarring the same tree", the kernel 2.6.16 and
 * the fs ext3; "Stock 2.4.17-pre8" and "-aa" are kernels, "it" nothing.
 */
void prose_read_subject(struct prose_subject *out, const char *b, const char *e)
{
	struct pword w[SUBJECT_WORDS];
	size_t n = 0, i, first = 0, last;
	const char *p = b;
	int head_kernel = 0;

	memset(out, 0, sizeof(*out));
	while (n < SUBJECT_WORDS && p < e && prose_next_word(&w[n], p, e)) {
		struct quantity q;

		p = w[n].s + w[n].n;
		/*
		 * "731.14 megabytes read (199.07 kilobytes per second)", "IOPS=12.5k,
		 * BW=97.0MiB/s": a subject starts after other values and settings
		 */
		if (*p == ')' || memchr(w[n].s, '=', w[n].n) ||
		    (isdigit((unsigned char)*w[n].s) && !import_quantity(&q, w[n].s) && q.kind != QUANTITY_NUMBER)) {
			if (*p != ')' && !memchr(w[n].s, '=', w[n].n) && w[n].s + q.len > p)
				p = w[n].s + q.len;
			n = 0;
			continue;
		}
		n++;
	}
	for (i = 0; i < n; i++) {
		int cue = !i || prose_word_is(&w[i - 1], PW_KERNEL_CUE) || prose_word_is(&w[i - 1], PW_LEADING) ||
			  kernel_adjective(&w[i - 1]);

		if (!out->kernel && prose_is_kernel(w[i].s, w[i].n, cue)) {
			out->kernel = w[i].s;
			out->kernel_n = w[i].n;
		}
		if (!out->fs && i && (prose_word_eq(&w[i - 1], "on") || prose_word_eq(&w[i - 1], "with")))
			out->fs = import_fs_name(w[i].s, w[i].n);
	}
	if (n == SUBJECT_WORDS)
		return;
	last = n;
	/* "After the writeback change, the copy went": an opening phrase is no part of the subject */
	for (i = 0; i + 1 < n; i++)
		if (w[i].comma)
			first = i + 1;
	while (first < last) {
		if (prose_word_is(&w[first], PW_LEADING) || w[first].n == 0) {
			first++;
		} else if (first + 1 < last && (prose_word_is(&w[first], PW_KERNEL_CUE) || kernel_adjective(&w[first])) &&
			   prose_is_kernel(w[first + 1].s, w[first + 1].n, 1)) {
			first += 2;
		} else if (prose_is_kernel(w[first].s, w[first].n, 1)) {
			first++;
			head_kernel = 1;
		} else {
			break;
		}
	}
	/* "2.4.17-pre8 with the same elevator settings": what follows a kernel is its config */
	if (head_kernel && first < last && (prose_word_eq(&w[first], "with") || prose_word_eq(&w[first], "plus")))
		return;
	while (last > first) {
		if (last - first >= 2 && prose_word_eq(&w[last - 2], "on") && import_fs_name(w[last - 1].s, w[last - 1].n))
			last -= 2;
		else if (degree(&w[last - 1]))
			last--;
		else
			break;
	}
	if (first >= last)
		return;
	/* "Using a RAID5 we're able to get": a pronoun's subject names nothing */
	for (i = first; i < last; i++)
		if (prose_word_is(&w[i], PW_PRONOUN))
			return;
	for (i = first; i < last; i++)
		if (!prose_word_is(&w[i], PW_GENERIC) && !prose_word_is(&w[i], PW_TIME_NOUN) &&
		    !prose_word_is(&w[i], PW_RESULT_NOUN) && !prose_word_is(&w[i], PW_LEADING))
			break;
	if (i == last)
		return;
	out->benchmark = xstrndup(w[first].s, (size_t)(w[last - 1].s + w[last - 1].n - w[first].s));
}

/* A kernel [b, e) names: a version anywhere, the loose forms after a cue word. */
void prose_clause_kernel(struct prose_subject *out, const char *b, const char *e)
{
	struct pword w;
	const char *p = b;
	int cue = 1;

	while (prose_next_word(&w, p, e)) {
		if (prose_is_kernel(w.s, w.n, cue)) {
			out->kernel = w.s;
			out->kernel_n = w.n;
			return;
		}
		cue = prose_word_is(&w, PW_KERNEL_CUE) || kernel_adjective(&w);
		p = w.s + w.n;
	}
}

/* "vs. 2.4.11pre2: dbench numbers are up": a label before the sentence's first colon naming a kernel */
int prose_label_kernel(const char *sb, const char *se, const char **k, size_t *kn)
{
	struct pword w;
	const char *p = sb;
	int i, cue = 1;

	for (i = 0; i < 4 && prose_next_word(&w, p, se); i++, p = w.s + w.n) {
		if (prose_is_kernel(w.s, w.n, cue) && w.colon) {
			*k = w.s;
			*kn = w.n;
			return 1;
		}
		if (w.colon || w.comma)
			return 0;
		cue = prose_word_is(&w, PW_KERNEL_CUE) || prose_word_eq(&w, "vs");
	}
	return 0;
}

/* "between 3.13 and 3.14-rc1", "from 2.6.16 to 2.6.17" after a "from N to M": the two kernels */
int prose_pair_kernels(const char *p, const char *se, struct pword *k1, struct pword *k2)
{
	struct pword w;

	if (!prose_next_word(&w, p, se) || !(prose_word_eq(&w, "between") || prose_word_eq(&w, "from")))
		return 0;
	if (!prose_next_word(k1, w.s + w.n, se) || !prose_is_kernel(k1->s, k1->n, 1))
		return 0;
	if (!prose_next_word(&w, k1->s + k1->n, se) || !(prose_word_eq(&w, "and") || prose_word_eq(&w, "to")))
		return 0;
	return prose_next_word(k2, w.s + w.n, se) && prose_is_kernel(k2->s, k2->n, 1);
}

/*
 * "sequential read and delete scores at 8000 and 30000 respectively": the
 * names of a list of `of` before the numbers, with the word they share.
 */
int prose_list_names(char **names, size_t of, const char *lo, const char *hi)
{
	struct pword w[SUBJECT_WORDS];
	size_t n = 0, a, i, first;
	const char *p = lo;

	while (n < SUBJECT_WORDS && p < hi && prose_next_word(&w[n], p, hi)) {
		p = w[n].s + w[n].n;
		n++;
	}
	for (a = n; a > 0 && !prose_word_eq(&w[a - 1], "and"); a--)
		;
	if (!a || a >= n || a - 1 < of - 1 || of < 2)
		return 0;
	a--;
	first = a - (of - 1);
	for (i = first; i < a; i++)
		if ((i + 1 < a && !w[i].comma) || !isalpha((unsigned char)*w[i].s))
			return 0;
	for (i = 0; i < of; i++) {
		const struct pword *it = i + 1 < of ? &w[first + i] : &w[a + 1];
		const struct pword *pre = first ? &w[first - 1] : NULL;
		struct strbuf sb = STRBUF_INIT;

		if (pre && isalpha((unsigned char)*pre->s) && !prose_word_is(pre, PW_LEADING) && !degree(pre) &&
		    !prose_word_is(pre, PW_COMPARISON) && !prose_word_is(pre, PW_KERNEL_CUE))
			strbuf_addf(&sb, "%.*s ", (int)pre->n, pre->s);
		strbuf_add(&sb, it->s, it->n);
		names[i] = strbuf_detach(&sb, NULL);
	}
	return 1;
}
