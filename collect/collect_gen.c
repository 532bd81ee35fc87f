#include "collect_internal.h"
#include "../core/error.h"
#include "../core/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * A kernel-shaped tree from a seed: the same bytes on every machine, so
 * that a fresh machine with nothing downloaded runs a data set that looks
 * to a file system like a kernel tree.  The shape follows a real one
 * (linux 6.x: about 80000 files, a median file of about 6 KiB with a long
 * tail, mean near 14 KiB, most files 2 to 5 directories deep, at most 8,
 * mostly .c and .h among Makefiles, Kconfig and documentation).
 * COLLECT_GEN_VERSION names this output: change it with anything that
 * changes the bytes, so that cached data sets are built again.
 */

struct rng {
	uint64_t s;
};

/* splitmix64: tiny, fast and fully specified, unlike rand(). */
static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) / 9007199254740992.0;
}

static unsigned rng_below(struct rng *r, unsigned n)
{
	return (unsigned)(rng_next(r) % n);
}

/* Box-Muller with one draw kept simple: deterministic across libms that round alike. */
static double rng_normal(struct rng *r)
{
	double u1 = rng_unit(r), u2 = rng_unit(r);

	if (u1 < 1e-12)
		u1 = 1e-12;
	return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static const char *const top_dirs[] = {
	"arch", "block", "crypto", "drivers", "fs", "include", "init", "ipc", "kernel",
	"lib", "mm", "net", "scripts", "security", "sound", "tools", "Documentation", "virt",
};

static const char *const words[] = {
	"core", "dev", "irq", "sched", "mem", "page", "buf", "queue", "lock", "node", "inode",
	"super", "file", "dir", "map", "table", "bus", "pci", "usb", "net", "sock", "tcp",
	"ip", "phy", "clk", "dma", "gpio", "i2c", "spi", "power", "timer", "trace", "debug",
	"init", "exit", "ops", "ctrl", "hw", "fw", "io", "regs", "cache", "block", "vfs",
};

static const char *const tokens[] = {
	"static", "int", "struct", "return", "if", "else", "for", "unsigned", "long",
	"const", "void", "char", "->", "=", "==", "!=", "&&", "||", "(", ")", "{", "}",
	";", "*", "NULL", "err", "ret", "dev", "data", "size", "len", "i", "0", "1",
	"-EINVAL", "-ENOMEM", "goto", "out", "sizeof", "u32", "u64", "flags", "lock",
	"spin_lock", "kfree", "kmalloc", "GFP_KERNEL", "pr_err", "list_for_each_entry",
};

/* Mostly source, like a kernel tree. */
static const char *pick_ext(struct rng *r)
{
	unsigned x = rng_below(r, 100);

	if (x < 46)
		return ".c";
	if (x < 78)
		return ".h";
	if (x < 84)
		return ".rst";
	if (x < 88)
		return ".S";
	if (x < 93)
		return ".yaml";
	if (x < 96)
		return ".txt";
	return ".sh";
}

static int write_file(const char *path, size_t size, struct rng *r, struct strbuf *text)
{
	int fd, ret = 0;
	size_t off = 0;

	strbuf_reset(text);
	while (text->len < size) {
		unsigned n = 3 + rng_below(r, 9), k;

		strbuf_addchars(text, '\t', rng_below(r, 3));
		for (k = 0; k < n; k++) {
			strbuf_addstr(text, tokens[rng_below(r, ARRAY_SIZE(tokens))]);
			strbuf_addch(text, k + 1 < n ? ' ' : '\n');
		}
	}
	strbuf_setlen(text, size);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return err_set_errno("cannot create '%s'", path);
	fchmod(fd, 0644);
	while (off < text->len) {
		ssize_t w = write(fd, text->buf + off, text->len - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			ret = err_set_errno("cannot write '%s'", path);
			break;
		}
		off += (size_t)w;
	}
	if (close(fd) < 0 && !ret)
		ret = err_set_errno("cannot write '%s'", path);
	return ret;
}

struct gen_dir {
	char *path;
	unsigned depth;
};

int collect_gen_tree(struct collect_gen_stats *st, const char *root, unsigned files,
		     unsigned long long seed, void (*tick)(void *payload, unsigned done,
							   unsigned total), void *payload)
{
	struct rng r = { seed * 0x2545f4914f6cdd1dULL + 1 };
	struct gen_dir *dirs = NULL;
	size_t nr = 0, alloc = 0, i;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	unsigned f;
	int ret = 0;

	memset(st, 0, sizeof(*st));
	if (mkdir(root, 0755) < 0)
		return err_set_errno("cannot create '%s'", root);
	chmod(root, 0755);
	for (i = 0; i < ARRAY_SIZE(top_dirs); i++) {
		ALLOC_GROW(dirs, nr + 1, alloc);
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s", root, top_dirs[i]);
		dirs[nr].path = xstrdup(path.buf);
		dirs[nr].depth = 1;
		nr++;
		if (mkdir(path.buf, 0755) < 0) {
			ret = err_set_errno("cannot create '%s'", path.buf);
			goto done;
		}
		chmod(path.buf, 0755);
	}
	for (f = 0; f < files; f++) {
		/* Recent directories get most files: locality, as in a real tree. */
		size_t d = nr - 1 - (size_t)(rng_unit(&r) * rng_unit(&r) * (double)nr);
		double sz;
		size_t size;

		if (d >= nr)
			d = nr - 1;
		if (tick && f % 250 == 0)
			tick(payload, f, files);
		/* 75000 files take a while: an interrupted run stops here too. */
		if (collect_interrupted()) {
			ret = err_set("interrupted while generating the data set");
			goto done;
		}
		/* About 14 files a directory; new ones grow under shallow parents. */
		if (rng_below(&r, 14) == 0 || dirs[d].depth < 2) {
			size_t parent = rng_below(&r, (unsigned)nr);
			unsigned tries = 0;

			while (dirs[parent].depth >= 7 && tries++ < 8)
				parent = rng_below(&r, (unsigned)nr);
			if (dirs[parent].depth < 8) {
				ALLOC_GROW(dirs, nr + 1, alloc);
				strbuf_reset(&path);
				strbuf_addf(&path, "%s/%s%zu", dirs[parent].path,
					    words[rng_below(&r, ARRAY_SIZE(words))], nr);
				if (mkdir(path.buf, 0755) < 0) {
					ret = err_set_errno("cannot create '%s'", path.buf);
					goto done;
				}
				chmod(path.buf, 0755);
				dirs[nr].path = xstrdup(path.buf);
				dirs[nr].depth = dirs[parent].depth + 1;
				if (dirs[nr].depth > st->max_depth)
					st->max_depth = dirs[nr].depth;
				d = nr++;
			}
		}
		sz = exp(8.7 + 1.25 * rng_normal(&r));
		size = sz > 1048576 ? 1048576 : (size_t)sz;
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/%s_%u%s", dirs[d].path,
			    words[rng_below(&r, ARRAY_SIZE(words))], f, pick_ext(&r));
		ret = write_file(path.buf, size, &r, &text);
		if (ret < 0)
			goto done;
		st->files++;
		st->bytes += size;
	}
	st->dirs = (unsigned)nr;
done:
	for (i = 0; i < nr; i++)
		free(dirs[i].path);
	free(dirs);
	strbuf_release(&path);
	strbuf_release(&text);
	return ret;
}
