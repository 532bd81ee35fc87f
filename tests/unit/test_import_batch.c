#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../import/import.h"
#include "../../mail/mail.h"
#include "../../core/strbuf.h"
#include "../../core/util.h"

/*
 * Extraction on several threads (import_batch.c) gives the import that
 * one thread gives: the same records in the same order with the same
 * messages, groups, threads and repeats dropped, the same messages named
 * as empty with the same why, and every warning in the same place, the
 * mail reader's among the extraction's.
 */

/* One message of each kind the batch must keep in order, for kernel 2.6.<n>. */
static void add_messages(struct strbuf *mbox, int n)
{
	/* a time block, and a reply that restates it (a repeat, dropped) */
	strbuf_addf(mbox, "From a@b Mon Jan  1 00:00:00 2001\nFrom: A <a@b>\nSubject: tar on 2.6.%d\n"
		    "Message-ID: <t%d@b>\n\n"
		    "Kernel 2.6.%d on ext3:\n\n$ time tar xzf linux.tar.gz\nreal 0m%d.5s\nuser 0m0.%ds\n"
		    "sys 0m0.2s\n\n", n, n, n, 10 + n, n % 10);
	strbuf_addf(mbox, "From c@d Mon Jan  1 00:00:00 2001\nFrom: C <c@d>\nSubject: Re: tar on 2.6.%d\n"
		    "Message-ID: <r%d@d>\nIn-Reply-To: <t%d@b>\n\n"
		    "> real 0m%d.5s\n> user 0m0.%ds\n> sys 0m0.2s\n\nSame here: real 0m%d.5s\n\n",
		    n, n, n, 10 + n, n % 10, 10 + n);
	/* a table with a cell garbled in the typing: a warning from extraction */
	strbuf_addf(mbox, "From e@f Mon Jan  1 00:00:00 2001\nFrom: E <e@f>\nSubject: dd on 2.6.%d\n\n"
		    "dd write runs:\n\n\tMB/s\tuser\tsystem\ttime\n"
		    "ext2\t21.%d\t40.1s\t 66.0s\t 5:02.4m\next3\t17.5\t41.0s\t120.7s\t 6:2O.%dm\n\n",
		    n, n % 10, n % 10);
	/* nothing to read, and a why for the first few of these */
	strbuf_addf(mbox, "From g@h Mon Jan  1 00:00:00 2001\nFrom: G <g@h>\nSubject: thanks\n\n"
		    "Thanks, applied to the tree for 2.6.%d.\n\n", n);
	/* a NUL decoded from quoted-printable: a warning from the mail reader */
	strbuf_addf(mbox, "From i@j Mon Jan  1 00:00:00 2001\nFrom: I <i@j>\nSubject: dbench\n"
		    "MIME-Version: 1.0\nContent-Type: text/plain\n"
		    "Content-Transfer-Encoding: quoted-printable\n\n"
		    "dbench on 2.6.%d=00:\n\nThroughput %d.25 MB/sec 4 procs\n\n", n, 100 + n);
	/* a raw NUL: the message is skipped, with a warning of the import's */
	strbuf_addf(mbox, "From k@l Mon Jan  1 00:00:00 2001\nFrom: K <k@l>\nSubject: bad\n\nreal 0m1.%ds", n);
	strbuf_add(mbox, "\0\n\n", 3);
}

struct run {
	struct import *imp;
	struct strbuf warnings;
};

static void keep(void *payload, const char *msg)
{
	struct strbuf *sb = payload;

	strbuf_addstr(sb, msg);
	strbuf_addch(sb, '\n');
}

static void import_each(struct mail_message *m, void *data)
{
	import_message(data, m);
}

/* The mbox imported as the command does: message by message, the reader's warnings through the import. */
static void run_import(struct run *run, const struct strbuf *mbox, size_t jobs)
{
	struct mail_list list = MAIL_LIST_INIT;
	struct bp_warn warn = { keep, &run->warnings };

	strbuf_init(&run->warnings, 0);
	assert_int_equal(import_new(&run->imp, &warn), 0);
	import_set_jobs(run->imp, jobs);
	list.each = import_each;
	list.data = run->imp;
	list.warn = import_warn_sink(run->imp);
	mail_read_buffer(&list, "batch.mbox", mbox->buf, mbox->len);
	import_finish(run->imp);
	mail_list_release(&list);
}

static void run_release(struct run *run)
{
	import_free(run->imp);
	strbuf_release(&run->warnings);
}

static void assert_same_str(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

static void assert_same_import(const struct run *one, const struct run *many)
{
	const struct import_result *a = &one->imp->result, *b = &many->imp->result;
	size_t i;

	assert_string_equal(one->warnings.buf, many->warnings.buf);
	assert_int_equal(a->messages, b->messages);
	assert_int_equal(a->skipped, b->skipped);
	assert_int_equal(a->empty, b->empty);
	for (i = 0; i < a->empty && i < IMPORT_EMPTY_NAMED; i++) {
		assert_string_equal(a->empty_names[i], b->empty_names[i]);
		assert_string_equal(a->empty_why[i], b->empty_why[i]);
	}
	assert_int_equal(a->nmsgs, b->nmsgs);
	for (i = 0; i < a->nmsgs; i++) {
		assert_string_equal(a->msgs[i].name, b->msgs[i].name);
		assert_string_equal(a->msgs[i].source, b->msgs[i].source);
		assert_int_equal(a->msgs[i].date, b->msgs[i].date);
		assert_int_equal(a->msgs[i].thread, b->msgs[i].thread);
	}
	assert_int_equal(a->borrowed.nr, b->borrowed.nr);
	for (i = 0; i < a->borrowed.nr; i++) {
		const struct record *r = &a->borrowed.v[i], *s = &b->borrowed.v[i];

		assert_int_equal(a->msg_of[i], b->msg_of[i]);
		assert_same_str(r->kernel, s->kernel);
		assert_same_str(r->hardware, s->hardware);
		assert_same_str(r->fs, s->fs);
		assert_same_str(r->options, s->options);
		assert_same_str(r->device, s->device);
		assert_same_str(r->benchmark, s->benchmark);
		assert_same_str(r->metric, s->metric);
		assert_same_str(r->value, s->value);
		assert_same_str(r->unit, s->unit);
		assert_same_str(r->source, s->source);
		assert_int_equal(r->iteration, s->iteration);
		assert_int_equal(r->quoted, s->quoted);
		assert_int_equal(r->line, s->line);
		assert_int_equal(r->facts != NULL, s->facts != NULL);
		/* the pool's one copy, as the writers and the repeat check compare pointers */
		assert_ptr_equal(s->kernel, import_intern(many->imp, s->kernel));
		assert_ptr_equal(s->metric, import_intern(many->imp, s->metric));
	}
}

static void test_threads_give_the_same_import(void **state)
{
	static const size_t jobs[] = { 2, 3, 8 };
	struct strbuf mbox = STRBUF_INIT;
	struct run one;
	size_t i;
	int n;

	(void)state;
	for (n = 0; n < 60; n++)
		add_messages(&mbox, n);
	run_import(&one, &mbox, 1);
	/* the import holds every kind the batch must keep in order */
	assert_int_equal(one.imp->result.messages, 360);
	assert_int_equal(one.imp->result.skipped, 60);
	assert_true(one.imp->result.empty > IMPORT_EMPTY_NAMED);
	assert_true(one.imp->result.borrowed.nr > 400);
	assert_non_null(strstr(one.warnings.buf, "read as no value"));
	assert_non_null(strstr(one.warnings.buf, "NUL byte"));
	assert_non_null(strstr(one.warnings.buf, "skipped"));
	/* the first empty ones are named with why ("no benchmark numbers found") */
	for (i = 0; i < IMPORT_EMPTY_NAMED; i++)
		assert_true(one.imp->result.empty_why[i][0] != '\0');
	for (i = 0; i < ARRAY_SIZE(jobs); i++) {
		struct run many;

		run_import(&many, &mbox, jobs[i]);
		assert_same_import(&one, &many);
		run_release(&many);
	}
	run_release(&one);
	strbuf_release(&mbox);
}

/* A warning of the reader's after the last message, and none before it, keeps its place too. */
static void test_reader_warnings_keep_their_place(void **state)
{
	struct strbuf mbox = STRBUF_INIT;
	struct run one, many;
	const char *nul, *table;

	(void)state;
	add_messages(&mbox, 7);
	run_import(&one, &mbox, 1);
	run_import(&many, &mbox, 4);
	assert_string_equal(one.warnings.buf, many.warnings.buf);
	/* message 3's table warns before message 5's NUL, as they stand in the mbox */
	table = strstr(many.warnings.buf, "message 3");
	nul = strstr(many.warnings.buf, "message 5");
	assert_non_null(table);
	assert_non_null(nul);
	assert_true(table < nul);
	run_release(&one);
	run_release(&many);
	strbuf_release(&mbox);
}

/* Messages handed one by one wait for import_flush; import_messages and import_finish flush. */
static void test_messages_wait_for_a_flush(void **state)
{
	struct strbuf mbox = STRBUF_INIT;
	struct mail_list list = MAIL_LIST_INIT;
	struct import *imp;
	size_t i;

	(void)state;
	add_messages(&mbox, 3);
	mail_read_buffer(&list, "wait.mbox", mbox.buf, mbox.len);
	assert_int_equal(import_new(&imp, NULL), 0);
	import_set_jobs(imp, 2);
	for (i = 0; i < list.nr; i++)
		import_message(imp, &list.v[i]);
	assert_int_equal(imp->result.messages, 0);
	/* the copies are the import's: the list may go first */
	mail_list_release(&list);
	import_flush(imp);
	assert_int_equal(imp->result.messages, 6);
	assert_true(imp->result.borrowed.nr > 0);
	import_finish(imp);
	import_free(imp);
	strbuf_release(&mbox);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_give_the_same_import),
		cmocka_unit_test(test_reader_warnings_keep_their_place),
		cmocka_unit_test(test_messages_wait_for_a_flush),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
