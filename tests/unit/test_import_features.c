#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../import/import_context.h"
#include "../../import/import_features.h"
#include "../../import/import_prose.h"
#include "../../core/util.h"

/* The one-pass feature scan against what a search per line finds. */

enum { TIME = FEATURE_FIRST_FREE, COPIED = FEATURE_FIRST_FREE << 1 };
enum { MOUNT = 1, PROMPT = 2, POSTMARK = 4 };

static const struct import_word line_words[] = { { "time", TIME }, { " copied, ", COPIED } };
static const struct import_word text_words[] = {
	{ " type ", MOUNT }, { "[/", PROMPT }, { ":/", PROMPT }, { "seconds of transactions", POSTMARK },
};

#define NLINE ARRAY_SIZE(line_words)
#define NTEXT ARRAY_SIZE(text_words)

/* What each line has, found the slow way: one search per line and word. */
static unsigned oracle(unsigned char *feat, const char *text)
{
	unsigned found = 0;
	size_t line = 0, k;
	const char *p = text;

	while (*p) {
		const char *e = strchr(p, '\n');
		char *s = strndup(p, (size_t)(e - p));

		if (strpbrk(s, "0123456789"))
			feat[line] |= FEATURE_DIGIT;
		if (import_prose_may_start(s))
			feat[line] |= FEATURE_VERB;
		for (k = 0; s[k]; k++)
			if (import_fs_key((unsigned char)s[k], (unsigned char)s[k + 1]))
				feat[line] |= FEATURE_FS;
		for (k = 0; k < NLINE; k++)
			if (strstr(s, line_words[k].s))
				feat[line] |= line_words[k].bit;
		for (k = 0; k < NTEXT; k++)
			if (strstr(s, text_words[k].s))
				found |= text_words[k].bit;
		free(s);
		p = e + 1;
		line++;
	}
	return found;
}

/* Lines joined by '\n', each ending with one, in a block of their own (ASan sees a read past it). */
static char *padded(const char *text, size_t *len)
{
	*len = strlen(text);
	return strdup(text);
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static struct import_words words;

static void check(const char *text)
{
	size_t len, nr = count_lines(text), i;
	char *buf = padded(text, &len);
	unsigned char *got = calloc(nr + 1, 1), *want = calloc(nr + 1, 1);
	unsigned w = oracle(want, buf);

	assert_int_equal(import_features(got, buf, len, &words), w);
	for (i = 0; i < nr; i++) {
		if (got[i] != want[i])
			fail_msg("line %zu of \"%s\": %u, want %u", i, text, got[i], want[i]);
	}
	free(buf);
	free(got);
	free(want);
}

static void test_by_hand(void **state)
{
	const char *text = "no number here\n"
			   "untarring took 45 seconds on ext3\n"
			   "the time it takes\n"
			   "\n"
			   "/dev/sda1 on /mnt type ext3 (rw)\n"
			   "12 seconds of transactions\n";
	size_t len, i;
	char *buf = padded(text, &len);
	unsigned char feat[6] = { 0 };
	const unsigned char want[6] = {
		0, FEATURE_DIGIT | FEATURE_VERB | FEATURE_FS, TIME, 0, FEATURE_DIGIT | FEATURE_FS, FEATURE_DIGIT,
	};

	(void)state;
	assert_int_equal(import_features(feat, buf, len, &words), MOUNT | POSTMARK);
	for (i = 0; i < 6; i++)
		assert_int_equal(feat[i], want[i]);
	free(buf);
}

/* Random text made of the pieces the scan looks for, cut and joined anywhere. */
static void test_random(void **state)
{
	static const char *const pieces[] = {
		"time", "tim", " took ", " takes ", " gave ", " gives ", "k", "v", "7", "x", " ", "\n", "\n",
		"e", " type ", "typ", "[/", ":/", "/", "seconds of transactions", "seconds of trans",
		" copied, ", "copied", "abcdefghijklmno", "0", "sd", "Fs", "d", "f", "=", "ext4",
	};
	unsigned seed = 12345;
	int round;

	(void)state;
	for (round = 0; round < 20000; round++) {
		char text[400];
		size_t len = 0;

		seed = seed * 1103515245u + 12345u;
		while (len < (seed >> 16) % 300) {
			const char *p;

			seed = seed * 1103515245u + 12345u;
			p = pieces[(seed >> 16) % ARRAY_SIZE(pieces)];
			memcpy(text + len, p, strlen(p));
			len += strlen(p);
		}
		text[len++] = '\n';
		text[len] = 0;
		check(text);
	}
}

/* Only words the pass can look for are taken: not empty, no newline, not too many. */
static void test_bounds(void **state)
{
	static const struct import_word with_newline[] = { { "a\nb", 1 } };
	static const struct import_word empty[] = { { "", 1 } };
	static const struct import_word one[] = { { "x", 1 } };
	unsigned char feat[2] = { 0 };
	struct import_word many[IMPORT_FEATURES_MAX_WORDS + 1];
	struct import_words w;
	size_t i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(many); i++)
		many[i] = (struct import_word){ "word", 1 };
	assert_int_equal(import_words_init(&w, with_newline, 1, NULL, 0), -1);
	assert_int_equal(import_words_init(&w, NULL, 0, empty, 1), -1);
	assert_int_equal(import_words_init(&w, many, ARRAY_SIZE(many), NULL, 0), -1);
	assert_int_equal(import_words_init(&w, many, IMPORT_FEATURES_MAX_WORDS, NULL, 0), 0);
	/* a one-byte word is found like any other */
	assert_int_equal(import_words_init(&w, one, 1, NULL, 0), 0);
	assert_int_equal(import_features(feat, "abc\nyxz\n", 8, &w), 0);
	assert_int_equal(feat[0], 0);
	/* and 'x' is a byte of a file system's key ("ext3", "xfs") */
	assert_int_equal(feat[1], 1 | FEATURE_FS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_by_hand),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_bounds),
	};

	if (import_words_init(&words, line_words, NLINE, text_words, NTEXT))
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
