#include "collect_internal.h"
#include "../core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/*
 * Cold caches: write back what is dirty, then drop the page cache,
 * dentries and inodes, so every timed step starts from the disk.  Only
 * clean pages can be dropped, so what the tests wrote is synced first:
 * syncfs() of the file system under test (which, on a loop device, also
 * writes its image back to the backing disk), not a sync() of the whole
 * machine, which on a busy one waits for everybody else's writes.
 */
int collect_drop_caches(int syncfd)
{
	int fd;
	ssize_t w;

	if (syncfd < 0 || syncfs(syncfd) < 0)
		sync();
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return err_set_errno("cannot drop caches: cannot open '/proc/sys/vm/drop_caches'");
	w = write(fd, "3\n", 2);
	close(fd);
	if (w != 2)
		return err_set_errno("cannot drop caches");
	return 0;
}

/* Reads the file so that a step can start with it in the page cache. */
int collect_warm_file(const char *path)
{
	char buf[1 << 16];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	ssize_t r;

	if (fd < 0)
		return err_set_errno("cannot open '%s'", path);
	posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
	while ((r = read(fd, buf, sizeof(buf))) > 0 || (r < 0 && errno == EINTR))
		;
	close(fd);
	if (r < 0)
		return err_set_errno("cannot read '%s'", path);
	return 0;
}
