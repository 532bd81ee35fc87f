#ifndef ARCHIVE_OUT_H
#define ARCHIVE_OUT_H

#include "../archive/archive.h"

/*
 * What log and show share: printing archived runs as text (one line a run,
 * or a header and the samples), bench or json.  Returns an exit code.
 */
int archive_out_list(const struct archive_list *list, const char *format);
int archive_out_runs(const struct archive_list *list, const char *format);
/* Opens the archive for reading; prints the error and returns 1 on failure. */
int archive_out_open(struct archive **out, const char *path);
/* push or pull: runs fn on the archive and prints its summary line. */
int archive_out_remote(int (*fn)(struct archive *, const char *, struct strbuf *),
		       const char *path, int create, const char *remote);

#endif
