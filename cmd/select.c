#include "select.h"
#include "../archive/archive.h"
#include "../core/bench.h"
#include "../core/error.h"
#include "../core/kver.h"
#include "../core/strbuf.h"
#include "../core/util.h"
#include "../render/render_series.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static int is_glob(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

/* A prefix of value that ends where one of seps (or the value) does. */
static int prefix_at(const char *pattern, const char *value, const char *seps)
{
	size_t len = strlen(pattern);

	return len && !strncmp(pattern, value, len) && value[len] && strchr(seps, value[len]);
}

static int kernel_matches(const char *p, const char *v, int exact)
{
	if (!v)
		return 0;
	if (is_glob(p))
		return !fnmatch(p, v, 0);
	return !strcmp(p, v) || (!exact && prefix_at(p, v, ".-_+"));
}

/* Log prints an unknown machine as "-"; its path in the archive says "unknown". */
static int hardware_matches(const char *p, const char *v, int exact)
{
	if (!strcmp(p, "-") || !strcmp(p, "unknown"))
		return !v || !*v;
	if (!v)
		return 0;
	if (is_glob(p))
		return !fnmatch(p, v, 0);
	return !strcmp(p, v) || (!exact && prefix_at(p, v, "-"));
}

/* "untar" is "untar ktree.tar.gz"; "dd write" is "dd write 64 MiB"; never "kuntar". */
static int benchmark_matches(const char *p, const char *v, int exact)
{
	size_t len = strlen(p);

	if (!v)
		return 0;
	if (is_glob(p))
		return !fnmatch(p, v, FNM_CASEFOLD);
	return !strcasecmp(p, v) || (!exact && len && !strncasecmp(p, v, len) && v[len] == ' ');
}

static int device_matches(const char *p, const char *v, int exact)
{
	if (!v)
		return 0;
	if (is_glob(p))
		return !fnmatch(p, v, 0);
	return !strcmp(p, v) || (!exact && !strncmp(p, v, strlen(p)));
}

/* The same options in any order: "noatime,data=writeback" is "data=writeback,noatime". */
static int same_option_set(const char *a, const char *b)
{
	char *x = xstrdup(a), *save = NULL, *tok;
	int ok = 1, na = 0, nb = 0;
	const char *p;

	for (p = a; *p; p++)
		na += *p == ',';
	for (p = b; *p; p++)
		nb += *p == ',';
	for (tok = strtok_r(x, ",", &save); tok && ok; tok = strtok_r(NULL, ",", &save)) {
		size_t len = strlen(tok);

		ok = 0;
		for (p = b; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
			if (!strncmp(p, tok, len) && (p[len] == ',' || !p[len]))
				ok = 1;
	}
	free(x);
	return ok && na == nb;
}

/*
 * "ext3" any ext3 entry (exact: the one without options), "ext3:opts"
 * that entry, globs over "fs" or "fs:options".
 */
static int fs_matches(const char *p, const struct record *r, int exact)
{
	const char *colon = strchr(p, ':'), *opts = r->options ? r->options : "";
	struct strbuf full = STRBUF_INIT, fs = STRBUF_INIT;
	int ok;

	if (!r->fs)
		return 0;
	strbuf_add(&fs, p, colon ? (size_t)(colon - p) : strlen(p));
	if (!colon) {
		ok = (is_glob(p) ? !fnmatch(p, r->fs, 0) : !strcmp(p, r->fs)) && (!exact || !*opts);
	} else {
		strbuf_addf(&full, "%s:%s", r->fs, opts);
		ok = is_glob(p) ? !fnmatch(p, full.buf, 0) :
		     !strcmp(fs.buf, r->fs) && (!strcmp(colon + 1, opts) || same_option_set(colon + 1, opts));
	}
	strbuf_release(&full);
	strbuf_release(&fs);
	return ok;
}

static int any_fs_matches(const struct select_opts *o, const struct record *r, int exact)
{
	int i;

	for (i = 0; i < o->fs.nr; i++)
		if (fs_matches(o->fs.v[i], r, exact))
			return 1;
	return 0;
}

int select_record_matches(const struct select_opts *o, const struct record *r)
{
	return (!o->kernel || kernel_matches(o->kernel, r->kernel, 0)) &&
	       (!o->hardware || hardware_matches(o->hardware, r->hardware, 0)) &&
	       (!o->benchmark || benchmark_matches(o->benchmark, r->benchmark, 0)) &&
	       (!o->device || device_matches(o->device, r->device, 0)) &&
	       (!o->fs.nr || any_fs_matches(o, r, 0));
}

int select_has_filters(const struct select_opts *o)
{
	return o->kernel || o->hardware || o->benchmark || o->device || o->fs.nr;
}

/*
 * Which filters some record matches exactly: those then keep only exact
 * matches (as `log --kernel 2.6.16` prefers 2.6.16 to 2.6.16-rc5).  A bit
 * per filter: kernel, hardware, benchmark, device, then each --fs.
 */
static unsigned long exact_filters(unsigned long bits, const struct record *v, size_t nr,
				   const struct select_opts *o)
{
	size_t i;
	int f;

	for (i = 0; i < nr; i++) {
		const struct record *r = &v[i];

		if (!select_record_matches(o, r))
			continue;
		if (o->kernel && !is_glob(o->kernel) && kernel_matches(o->kernel, r->kernel, 1))
			bits |= 1;
		if (o->hardware && hardware_matches(o->hardware, r->hardware, 1))
			bits |= 2;
		if (o->benchmark && benchmark_matches(o->benchmark, r->benchmark, 1))
			bits |= 4;
		if (o->device && device_matches(o->device, r->device, 1))
			bits |= 8;
		for (f = 0; f < o->fs.nr && f < 24; f++)
			if (!is_glob(o->fs.v[f]) && fs_matches(o->fs.v[f], r, 1))
				bits |= 16ul << f;
	}
	return bits;
}

static int record_kept(const struct record *r, const struct select_opts *o, unsigned long exact)
{
	int f, fs_ok = !o->fs.nr;

	if (!select_record_matches(o, r))
		return 0;
	if (((exact & 1) && !kernel_matches(o->kernel, r->kernel, 1)) ||
	    ((exact & 2) && !hardware_matches(o->hardware, r->hardware, 1)) ||
	    ((exact & 4) && !benchmark_matches(o->benchmark, r->benchmark, 1)) ||
	    ((exact & 8) && !device_matches(o->device, r->device, 1)))
		return 0;
	for (f = 0; f < o->fs.nr && !fs_ok; f++)
		fs_ok = fs_matches(o->fs.v[f], r, f < 24 && (exact & (16ul << f)));
	return fs_ok;
}

void select_filter(struct recset *set, const struct select_opts *o)
{
	unsigned long exact = exact_filters(0, set->v, set->nr, o);
	size_t i, kept = 0;

	for (i = 0; i < set->nr; i++) {
		if (record_kept(&set->v[i], o, exact)) {
			if (kept != i)
				set->v[kept] = set->v[i];
			kept++;
		} else {
			record_release(&set->v[i]);
		}
	}
	set->nr = kept;
}

static int open_archive(struct select_opts *o)
{
	if (o->opened)
		return 0;
	return archive_open(&o->opened, o->archive, 0);
}

/* Drops the records (and then the runs) the filters do not keep. */
static void filter_list(struct archive_list *list, const struct select_opts *o)
{
	struct archive_list dropped = ARCHIVE_LIST_INIT;
	unsigned long exact = 0;
	size_t i, j, kept = 0;

	/* exact matches are preferred across the whole listing, not run by run */
	for (i = 0; i < list->nr; i++)
		exact = exact_filters(exact, list->v[i].records.v, list->v[i].records.nr, o);
	for (i = 0; i < list->nr; i++) {
		struct archive_entry *e = &list->v[i];
		struct recset *rs = &e->records;
		size_t k = 0;

		for (j = 0; j < rs->nr; j++) {
			if (record_kept(&rs->v[j], o, exact))
				rs->v[k++] = rs->v[j];
			else
				record_release(&rs->v[j]);
		}
		rs->nr = k;
		if (k) {
			list->v[kept++] = *e;
		} else {
			ALLOC_GROW(dropped.v, dropped.nr + 1, dropped.alloc);
			dropped.v[dropped.nr++] = *e;
		}
	}
	list->nr = kept;
	archive_list_release(&dropped);
}

static int list_runs(struct archive_list *out, struct select_opts *o, const char *kernel)
{
	/*
	 * The archive reads only the subtrees of the kernel and machine asked
	 * for, matching more widely than we do (any prefix); the rest, and
	 * the exact rules, are ours.
	 */
	struct archive_filter f = { kernel, NULL, NULL, NULL };
	struct select_opts narrowed = *o;
	struct strbuf fs = STRBUF_INIT;
	int ret;

	if (o->hardware && strcmp(o->hardware, "-") && strcmp(o->hardware, "unknown"))
		f.hardware = o->hardware;
	if (o->fs.nr == 1) {
		strbuf_add(&fs, o->fs.v[0], strcspn(o->fs.v[0], ":"));
		if (!is_glob(fs.buf))
			f.fs = fs.buf;
	}
	if ((ret = open_archive(o)) < 0 || (ret = archive_list_runs(o->opened, &f, out)) < 0) {
		strbuf_release(&fs);
		return ret;
	}
	strbuf_release(&fs);
	narrowed.kernel = kernel;
	filter_list(out, &narrowed);
	return 0;
}

int select_list_runs(struct archive_list *out, struct select_opts *o)
{
	return list_runs(out, o, o->kernel);
}

static void take_all(struct recset *out, struct recset *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++)
		recset_take(out, &from->v[i]);
}

static int cmp_ran(const void *pa, const void *pb)
{
	const struct archive_entry *a = *(const struct archive_entry *const *)pa;
	const struct archive_entry *b = *(const struct archive_entry *const *)pb;

	size_t la = strlen(a->path), lb = strlen(b->path);
	int c;

	if (a->when != b->when)
		return a->when < b->when ? -1 : 1;
	/* one message's entries as the importer numbered them: x.bench, x.2.bench, x.3.bench */
	if (la > 6 && !strcmp(a->path + la - 6, ".bench"))
		la -= 6;
	if (lb > 6 && !strcmp(b->path + lb - 6, ".bench"))
		lb -= 6;
	c = strncmp(a->path, b->path, la < lb ? la : lb);
	return c ? c : (la > lb) - (la < lb);
}

/* Records come in the order the runs ran (the file systems of a run as they were given). */
void select_take_runs(struct recset *out, struct archive_list *list)
{
	struct archive_entry **v = xcalloc(list->nr + 1, sizeof(*v));
	size_t i;

	for (i = 0; i < list->nr; i++)
		v[i] = &list->v[i];
	if (list->nr)
		qsort(v, list->nr, sizeof(*v), cmp_ran);
	for (i = 0; i < list->nr; i++)
		take_all(out, &v[i]->records);
	free(v);
}

static int query(struct recset *out, struct select_opts *o, const char *kernel)
{
	struct archive_list list = ARCHIVE_LIST_INIT;
	int ret = list_runs(&list, o, kernel);

	if (!ret)
		select_take_runs(out, &list);
	archive_list_release(&list);
	return ret;
}

/* A run: its path, a unique prefix of its file name, or the commit that added it. */
static int resolve_run(struct recset *out, struct select_opts *o, const char *arg)
{
	struct archive_list list = ARCHIVE_LIST_INIT;
	struct recset got = RECSET_INIT;
	char **paths = NULL;
	size_t n = 0, i;
	int ret;

	if ((ret = open_archive(o)) < 0)
		return ret;
	ret = archive_resolve(o->opened, arg, &paths, &n);
	if (ret == BP_EAMBIGUOUS) {
		struct strbuf list_text = STRBUF_INIT;

		for (i = 0; i < n; i++)
			strbuf_addf(&list_text, "%s%s", i ? ", " : "", paths[i]);
		err_set("run '%s' is ambiguous, it names: %s", arg, list_text.buf);
		strbuf_release(&list_text);
	}
	if (!ret && !(ret = archive_read_runs(o->opened, paths, n, &list))) {
		select_take_runs(&got, &list);
		select_filter(&got, o);
		for (i = 0; i < got.nr; i++)
			recset_take(out, &got.v[i]);
	}
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	recset_release(&got);
	archive_list_release(&list);
	return ret;
}

int select_arg(struct recset *out, struct select_opts *o, const char *arg)
{
	struct recset got = RECSET_INIT;
	struct stat st;
	size_t before = out->nr, i;
	int ret;

	if (!stat(arg, &st) && S_ISREG(st.st_mode)) {
		if ((ret = bench_read_file(&got, arg)) < 0)
			return ret;
		select_filter(&got, o);
		for (i = 0; i < got.nr; i++)
			recset_take(out, &got.v[i]);
		recset_release(&got);
	} else if (strchr(arg, '/')) {
		if ((ret = resolve_run(out, o, arg)) < 0)
			return ret;
	} else if ((ret = query(out, o, arg)) < 0) {
		return ret;
	} else if (out->nr == before) {
		/* not a kernel: perhaps a run's name or commit */
		ret = resolve_run(out, o, arg);
		if (ret == BP_EAMBIGUOUS)
			return ret;
		err_clear();
	}
	if (out->nr == before)
		return err_set("no results for '%s'%s", arg,
			       select_has_filters(o) ? " with these filters" : "");
	return 0;
}

int select_archive(struct recset *out, struct select_opts *o)
{
	size_t before = out->nr;
	int ret = query(out, o, o->kernel);

	if (!ret && out->nr == before)
		return err_set("no results in the archive match");
	return ret;
}

void select_release(struct select_opts *o)
{
	if (o->opened)
		archive_free(o->opened);
	o->opened = NULL;
	opt_list_release(&o->fs);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void one_value(struct strbuf *out, const struct record *r, unsigned key)
{
	switch (key) {
	case SELECT_ONE_HARDWARE:
		strbuf_addstr(out, r->hardware ? r->hardware : "-");
		break;
	case SELECT_ONE_CONFIG:
		render_config_name(out, r);
		break;
	case SELECT_ONE_DEVICE:
		render_device_key(out, r->device);
		break;
	default:
		strbuf_addstr(out, r->kernel ? r->kernel : "-");
	}
}

/* The distinct values of one key as "a, b, c", sorted. */
static size_t distinct(struct strbuf *list, const struct recset *set, unsigned key)
{
	char **v = NULL;
	size_t nr = 0, alloc = 0, i, j;

	for (i = 0; i < set->nr; i++) {
		struct strbuf one = STRBUF_INIT;

		if (set->v[i].quoted)
			continue;
		one_value(&one, &set->v[i], key);
		for (j = 0; j < nr && strcmp(v[j], one.buf); j++)
			;
		if (j < nr) {
			strbuf_release(&one);
			continue;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = strbuf_detach(&one, NULL);
	}
	/* qsort's pointer must not be NULL, even for nothing to sort */
	if (nr)
		qsort(v, nr, sizeof(*v), key == SELECT_ONE_KERNEL ? kver_cmp_ptr : cmp_str);
	for (i = 0; i < nr; i++) {
		strbuf_addf(list, "%s%s", i ? ", " : "", v[i]);
		free(v[i]);
	}
	free(v);
	return nr;
}

int select_check_single(const struct recset *set, const char *what, unsigned keys)
{
	static const struct { unsigned key; const char *what, *option; } checks[] = {
		{ SELECT_ONE_HARDWARE, "hardware keys", "--hardware" },
		{ SELECT_ONE_KERNEL, "kernels", "--kernel" },
		{ SELECT_ONE_CONFIG, "file systems", "--fs" },
		{ SELECT_ONE_DEVICE, "devices", "--device" },
	};
	struct strbuf list = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < ARRAY_SIZE(checks) && !ret; i++) {
		if (!(keys & checks[i].key))
			continue;
		strbuf_reset(&list);
		if (distinct(&list, set, checks[i].key) > 1)
			ret = err_set("%s: several %s, choose one with %s: %s", what, checks[i].what,
				      checks[i].option, list.buf);
	}
	strbuf_release(&list);
	return ret ? BP_EAMBIGUOUS : 0;
}
