#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdalign.h>
#include <string.h>

#include "../../core/arena.h"

/* Every piece is its own: writing one to its end leaves the others as they were (ASan sees more). */
static void test_pieces_apart(void **state)
{
	struct arena a = ARENA_INIT(64);
	char *p[100];
	size_t i;

	(void)state;
	for (i = 0; i < 100; i++) {
		p[i] = arena_chars(&a, i + 1);
		memset(p[i], (int)('a' + i % 26), i + 1);
	}
	for (i = 0; i < 100; i++) {
		size_t k;

		for (k = 0; k <= i; k++)
			assert_int_equal(p[i][k], 'a' + i % 26);
	}
	arena_release(&a);
	assert_null(a.head);
}

/* arena_alloc's pieces suit any type, after pieces of odd sizes too. */
static void test_alignment(void **state)
{
	struct arena a = ARENA_INIT(0);
	size_t i;

	(void)state;
	for (i = 0; i < 50; i++) {
		void *p;

		arena_chars(&a, i % 7 + 1);
		p = arena_alloc(&a, sizeof(long double) * (i + 1));
		assert_int_equal((uintptr_t)p % alignof(max_align_t), 0);
	}
	arena_release(&a);
}

static void test_strings(void **state)
{
	struct arena a = ARENA_INIT(16);
	char *s, *t;

	(void)state;
	s = arena_strndup(&a, "2.6.16-rc5 and more", 10);
	assert_string_equal(s, "2.6.16-rc5");
	/* longer than a block: a block of its own */
	t = arena_strdup(&a, "a string longer than the sixteen bytes of a block");
	assert_string_equal(t, "a string longer than the sixteen bytes of a block");
	assert_string_equal(s, "2.6.16-rc5");
	arena_release(&a);
}

/* Cleared, an arena keeps one block of its size for what comes next, and no bigger one. */
static void test_clear_keeps_one_block(void **state)
{
	struct arena a = ARENA_INIT(128);
	char *second, *again;

	(void)state;
	arena_chars(&a, 100);
	/* no room left for it in the first block: a second one */
	second = arena_chars(&a, 100);
	arena_chars(&a, 5000);
	arena_clear(&a);
	assert_non_null(a.head);
	/* the newest block of the arena's size, room from its start again */
	again = arena_chars(&a, 100);
	assert_ptr_equal(again, second);
	arena_clear(&a);
	arena_clear(&a);
	arena_release(&a);
	assert_null(a.head);
	/* an arena that never had a block of its size keeps none */
	a = (struct arena)ARENA_INIT(128);
	arena_chars(&a, 5000);
	arena_clear(&a);
	assert_null(a.head);
	arena_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pieces_apart),
		cmocka_unit_test(test_alignment),
		cmocka_unit_test(test_strings),
		cmocka_unit_test(test_clear_keeps_one_block),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
