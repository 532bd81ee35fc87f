#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "../../parse/import_uuencode.h"
#include "../../parse/mail_lines.h"

/* The forms import reads beyond time blocks and plain tables. */

static const char *uu(struct strbuf *out, const char *s)
{
	strbuf_reset(out);
	return import_uu_decode(out, s, s + strlen(s));
}

static void test_uudecode(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	const char *two = "begin 644 a.txt\n#86)C\n`\nend\nafter\n";

	(void)state;
	/* b2a_uu("abc") is "#86)C" */
	assert_ptr_equal(uu(&sb, two), two + strlen(two) - strlen("after\n"));
	assert_int_equal(sb.len, 3);
	assert_memory_equal(sb.buf, "abc", 3);
	assert_non_null(uu(&sb, "begin 0644 r\n)<F5A;\" Q+C4*\nend"));
	assert_string_equal(sb.buf, "real 1.5\n");
	/* no "end", a line that is not uuencoded, or no mode: not a part */
	assert_null(uu(&sb, "begin 644 a.txt\n#86)C\n`\n"));
	assert_null(uu(&sb, "begin 644 a.txt\nhello world\nend\n"));
	assert_null(uu(&sb, "begin the test\n#86)C\nend\n"));
	strbuf_release(&sb);
}

static void test_line_count(void **state)
{
	(void)state;
	assert_int_equal(mail_lines_count("", 0), 0);
	assert_int_equal(mail_lines_count("a\n", 2), 1);
	assert_int_equal(mail_lines_count("a\nb", 3), 2);
	assert_int_equal(mail_lines_count("\n\n", 2), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uudecode),
		cmocka_unit_test(test_line_count),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
