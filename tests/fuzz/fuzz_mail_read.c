/*
 * libFuzzer target: the mail readers as `benchpost import` drives them,
 * on inputs of a real mailbox's size (tests/fuzz/run gives this target a
 * megabyte): a file (mapped), standard input (read in chunks, an mbox a
 * message at a time), a maildir (one file a message, in name order) and a
 * buffer, each message imported as soon as it is read.  The first byte
 * chooses the reader; for a maildir, "\n\x01\n" separates the files.
 *
 * What must hold: nothing crashes or leaks, every record has a metric and
 * a number, and the writers take what was found.
 */
#include "fuzz_import_check.h"

#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc; (void)argv;
	strcpy(dir, "/tmp/bp-fuzz-mail.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	return 0;
}

static void write_file(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
}

/* The input as a maildir: cur/ and new/ hold its parts, one file each. */
static void write_maildir(const char *md, const uint8_t *data, size_t size)
{
	static const char sep[] = "\n\001\n";
	struct strbuf path = STRBUF_INIT;
	size_t at = 0, n = 0;

	strbuf_addf(&path, "%s/cur", md);
	mkdir(md, 0755);
	mkdir(path.buf, 0755);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/new", md);
	mkdir(path.buf, 0755);
	while (at <= size && n < 64) {
		const uint8_t *end = memmem(data + at, size - at, sep, 3);
		size_t len = end ? (size_t)(end - (data + at)) : size - at;

		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s/%04zu.host:2,S", md, n % 2 ? "new" : "cur", n);
		write_file(path.buf, data + at, len);
		n++;
		at += len + 3;
	}
	strbuf_release(&path);
}

/* Standard input is the input, read as a stream. */
static int read_stdin(struct mail_list *list, const char *file)
{
	int saved = dup(0), fd = open(file, O_RDONLY | O_CLOEXEC), ret;

	if (saved < 0 || fd < 0 || dup2(fd, 0) < 0)
		abort();
	close(fd);
	ret = mail_read_path(list, "-");
	if (dup2(saved, 0) < 0)
		abort();
	close(saved);
	return ret;
}

static void import_each(struct mail_message *m, void *data)
{
	import_message(data, m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail_list list = MAIL_LIST_INIT;
	struct import *imp;
	struct strbuf file = STRBUF_INIT;
	unsigned how, jobs;

	if (!size)
		return 0;
	how = data[0] % 4;
	jobs = 1 + (data[0] / 4) % 3;
	data++;
	size--;
	/* no warning sink: skipped messages are expected here */
	if (import_new(&imp, NULL) < 0)
		return 0;
	import_set_jobs(imp, jobs);
	list.each = import_each;
	list.data = imp;
	list.warn = import_warn_sink(imp);
	strbuf_addf(&file, "%s/in", dir);
	if (how == 0) {
		write_file(file.buf, data, size);
		mail_read_path(&list, file.buf);
	} else if (how == 1) {
		write_file(file.buf, data, size);
		read_stdin(&list, file.buf);
	} else if (how == 2) {
		write_maildir(file.buf, data, size);
		mail_read_path(&list, file.buf);
	} else {
		mail_read_buffer(&list, "fuzz", (const char *)data, size);
	}
	import_finish(imp);
	fuzz_import_check(imp);
	import_free(imp);
	mail_list_release(&list);
	nftw(file.buf, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	strbuf_release(&file);
	return 0;
}
