#include "mail.h"
#include "../core/arena.h"

#include <dirent.h>
#include <errno.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * A maildir (cur/ and new/ hold one message a file) or any directory of
 * mail files, read in name order so that imports are reproducible; dot
 * files and maildir's tmp/ are left out.  Every directory is read once:
 * one reached again through a symbolic link (a loop back to itself or a
 * parent, or a second way to a directory read already) is refused with a
 * warning, so a walk over links ends, and its memory is the directories'.
 */

#define MAX_DEPTH 8

struct dir_seen {
	dev_t dev;
	ino_t ino;
	const char *path;   /* where it was first read */
	int open;           /* being read: a way back to it is a loop */
};

struct dir_walk {
	struct mail_list *out;
	GHashTable *seen;   /* struct dir_seen by device and inode */
	struct arena room;
};

static guint seen_hash(gconstpointer p)
{
	const struct dir_seen *s = p;

	return (guint)(s->ino ^ (s->ino >> 32) ^ s->dev * 0x9e3779b9u);
}

static gboolean seen_equal(gconstpointer a, gconstpointer b)
{
	const struct dir_seen *x = a, *y = b;

	return x->dev == y->dev && x->ino == y->ino;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk_dir(struct dir_walk *w, const char *path, const struct stat *st, int depth);

/* One entry of a directory: a file read, a directory walked, anything else left. */
static int walk_entry(struct dir_walk *w, const char *path, int depth)
{
	struct stat st;

	if (stat(path, &st) < 0) {
		bp_warnf(&w->out->warn, "cannot read '%s': %s", path, strerror(errno));
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		if (depth < MAX_DEPTH)
			return walk_dir(w, path, &st, depth + 1);
		bp_warnf(&w->out->warn, "'%s': more than %d directories deep: skipped", path, MAX_DEPTH);
		return 0;
	}
	if (S_ISREG(st.st_mode))
		return mail_read_file(w->out, path);
	return 0;
}

static int walk_dir(struct dir_walk *w, const char *path, const struct stat *st, int depth)
{
	struct dir_seen key = { st->st_dev, st->st_ino, NULL, 0 }, *seen = g_hash_table_lookup(w->seen, &key);
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t nr = 0, alloc = 0, i;
	int ret = 0;

	if (seen) {
		bp_warnf(&w->out->warn, seen->open ? "'%s': a symbolic link loop back to '%s': skipped" :
				      "'%s': the directory '%s' again: skipped", path, seen->path);
		return 0;
	}
	if (!(d = opendir(path)))
		return err_set_errno("cannot open '%s'", path);
	seen = arena_alloc(&w->room, sizeof(*seen));
	*seen = key;
	seen->path = arena_strdup(&w->room, path);
	seen->open = 1;
	g_hash_table_add(w->seen, seen);
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, "tmp"))
			continue;
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, nr, sizeof(*names), cmp_str);
	for (i = 0; i < nr; i++) {
		struct strbuf sub = STRBUF_INIT;

		strbuf_addf(&sub, "%s/%s", path, names[i]);
		if (walk_entry(w, sub.buf, depth) < 0)
			ret = BP_ERROR;
		strbuf_release(&sub);
		free(names[i]);
	}
	free(names);
	seen->open = 0;
	return ret;
}

int mail_read_dir(struct mail_list *out, const char *path, const struct stat *st)
{
	struct dir_walk w = { out, g_hash_table_new(seen_hash, seen_equal), ARENA_INIT(4096) };
	int ret = walk_dir(&w, path, st, 0);

	g_hash_table_destroy(w.seen);
	arena_release(&w.room);
	return ret;
}
