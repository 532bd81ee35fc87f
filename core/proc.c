#include "proc.h"
#include "error.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int proc_available(const char *prog)
{
	const char *path = getenv("PATH");
	struct strbuf sb = STRBUF_INIT;
	int found = 0;

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin";
	while (*path && !found) {
		const char *colon = strchr(path, ':');
		size_t len = colon ? (size_t)(colon - path) : strlen(path);

		strbuf_reset(&sb);
		strbuf_add(&sb, path, len);
		strbuf_addf(&sb, "/%s", prog);
		found = access(sb.buf, X_OK) == 0;
		path += len + (colon ? 1 : 0);
	}
	strbuf_release(&sb);
	return found;
}

/* In the child: only async-signal-safe calls until exec. */
static void child_fd(int target, int fd)
{
	if (fd >= 0 && fd != target) {
		dup2(fd, target);
		close(fd);
	}
}

static int open_null(int flags)
{
	return open("/dev/null", flags | O_CLOEXEC);
}

static void set_nonblock(int fd)
{
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int proc_run(struct proc_result *res, const char *const argv[], const struct proc_opts *opts)
{
	static const struct proc_opts defaults;
	int in_pipe[2] = { -1, -1 }, out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	int exec_pipe[2] = { -1, -1 };
	int in_fd = -1, out_fd = -1, err_fd = -1;
	char **envp = environ;
	size_t in_off = 0;
	struct sigaction old_pipe;
	double start;
	pid_t pid;
	int ret = 0, exec_errno = 0, pipe_ignored = 0;

	if (!opts)
		opts = &defaults;
	res->status = -1;
	memset(&res->ru, 0, sizeof(res->ru));
	res->elapsed = 0;

	if (opts->env) {
		size_t n = 0, m = 0, i;

		while (environ[n])
			n++;
		while (opts->env[m])
			m++;
		envp = xcalloc(n + m + 1, sizeof(*envp));
		for (i = 0; i < n; i++)
			envp[i] = environ[i];
		for (i = 0; i < m; i++)
			envp[n + i] = (char *)opts->env[i];
	}

	switch (opts->in) {
	case PROC_IO_BUFFER:
		if (pipe2(in_pipe, O_CLOEXEC) < 0)
			goto pipe_fail;
		break;
	case PROC_IO_FILE:
		in_fd = open(opts->in_path, O_RDONLY | O_CLOEXEC);
		if (in_fd < 0) {
			ret = err_set_errno("cannot open '%s'", opts->in_path);
			goto done;
		}
		break;
	case PROC_IO_INHERIT:
		break;
	default:
		in_fd = open_null(O_RDONLY);
	}
	if (opts->out == PROC_IO_CAPTURE && pipe2(out_pipe, O_CLOEXEC) < 0)
		goto pipe_fail;
	if (opts->out == PROC_IO_FILE) {
		out_fd = open(opts->out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
		if (out_fd < 0) {
			ret = err_set_errno("cannot create '%s'", opts->out_path);
			goto done;
		}
	} else if (opts->out == PROC_IO_NULL) {
		out_fd = open_null(O_WRONLY);
	}
	if (opts->err == PROC_IO_CAPTURE && pipe2(err_pipe, O_CLOEXEC) < 0)
		goto pipe_fail;
	if (opts->err == PROC_IO_NULL)
		err_fd = open_null(O_WRONLY);
	if (pipe2(exec_pipe, O_CLOEXEC) < 0)
		goto pipe_fail;

	start = now();
	pid = fork();
	if (pid < 0) {
		ret = err_set_errno("cannot fork to run '%s'", argv[0]);
		goto done;
	}
	if (pid == 0) {
		int e;

		signal(SIGPIPE, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		if (opts->running)
			setpgid(0, 0);
		child_fd(0, in_pipe[0] >= 0 ? in_pipe[0] : in_fd);
		child_fd(1, out_pipe[1] >= 0 ? out_pipe[1] : out_fd);
		child_fd(2, err_pipe[1] >= 0 ? err_pipe[1] : err_fd);
		if (opts->dir && chdir(opts->dir) < 0) {
			e = errno;
			if (write(exec_pipe[1], &e, sizeof(e)) < 0)
				_exit(127);
			_exit(127);
		}
		execvpe(argv[0], (char *const *)argv, envp);
		e = errno;
		if (write(exec_pipe[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	if (opts->running) {
		setpgid(pid, pid);
		*opts->running = pid;
	}
	close(exec_pipe[1]);
	exec_pipe[1] = -1;
	if (in_pipe[0] >= 0) {
		close(in_pipe[0]);
		in_pipe[0] = -1;
	}
	if (out_pipe[1] >= 0) {
		close(out_pipe[1]);
		out_pipe[1] = -1;
	}
	if (err_pipe[1] >= 0) {
		close(err_pipe[1]);
		err_pipe[1] = -1;
	}
	if (in_pipe[1] >= 0) {
		set_nonblock(in_pipe[1]);
		if (!opts->in_len) {
			close(in_pipe[1]);
			in_pipe[1] = -1;
		}
	}

	/*
	 * A child may exit without reading all its input: the write then fails
	 * with EPIPE, which ends the feeding, instead of a SIGPIPE killing us
	 * (git's pump_io does the same). Whatever the caller had is restored.
	 */
	if (in_pipe[1] >= 0) {
		struct sigaction ignore = { .sa_handler = SIG_IGN };

		sigemptyset(&ignore.sa_mask);
		pipe_ignored = !sigaction(SIGPIPE, &ignore, &old_pipe);
	}
	/* Feed stdin and drain stdout/stderr together so neither side blocks. */
	while (in_pipe[1] >= 0 || out_pipe[0] >= 0 || err_pipe[0] >= 0) {
		struct pollfd pfd[3];
		int n = 0, i;

		if (in_pipe[1] >= 0)
			pfd[n++] = (struct pollfd){ .fd = in_pipe[1], .events = POLLOUT };
		if (out_pipe[0] >= 0)
			pfd[n++] = (struct pollfd){ .fd = out_pipe[0], .events = POLLIN };
		if (err_pipe[0] >= 0)
			pfd[n++] = (struct pollfd){ .fd = err_pipe[0], .events = POLLIN };
		if (poll(pfd, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < n; i++) {
			if (!pfd[i].revents)
				continue;
			if (pfd[i].fd == in_pipe[1]) {
				ssize_t w = write(in_pipe[1], opts->in_data + in_off, opts->in_len - in_off);

				if (w > 0)
					in_off += (size_t)w;
				if ((w < 0 && errno != EAGAIN && errno != EINTR) || in_off == opts->in_len) {
					close(in_pipe[1]);
					in_pipe[1] = -1;
				}
			} else {
				struct strbuf *sb = pfd[i].fd == out_pipe[0] ? &res->out : &res->err;
				int *fdp = pfd[i].fd == out_pipe[0] ? &out_pipe[0] : &err_pipe[0];
				ssize_t r;

				strbuf_grow(sb, 8192);
				r = read(*fdp, sb->buf + sb->len, sb->alloc - sb->len - 1);
				if (r > 0) {
					strbuf_setlen(sb, sb->len + (size_t)r);
				} else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
					close(*fdp);
					*fdp = -1;
				}
			}
		}
	}
	if (pipe_ignored)
		sigaction(SIGPIPE, &old_pipe, NULL);
	while (wait4(pid, &res->status, 0, &res->ru) < 0) {
		if (errno != EINTR) {
			ret = err_set_errno("cannot wait for '%s'", argv[0]);
			goto done;
		}
	}
	res->elapsed = now() - start;
	if (opts->running)
		*opts->running = 0;
	if (read(exec_pipe[0], &exec_errno, sizeof(exec_errno)) == (ssize_t)sizeof(exec_errno)) {
		errno = exec_errno;
		if (opts->dir)
			ret = err_set_errno("cannot run '%s' in '%s'", argv[0], opts->dir);
		else
			ret = err_set_errno("cannot run '%s'", argv[0]);
	}
	goto done;

pipe_fail:
	ret = err_set_errno("cannot create a pipe for '%s'", argv[0]);
done:
	{
		int fds[] = { in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0],
			      err_pipe[1], exec_pipe[0], exec_pipe[1], in_fd, out_fd, err_fd };
		size_t i;

		for (i = 0; i < ARRAY_SIZE(fds); i++)
			if (fds[i] >= 0)
				close(fds[i]);
	}
	if (envp != environ)
		free(envp);
	return ret;
}

int proc_exited_ok(const struct proc_result *res)
{
	return WIFEXITED(res->status) && WEXITSTATUS(res->status) == 0;
}

void proc_describe_status(struct strbuf *out, int status)
{
	if (WIFEXITED(status))
		strbuf_addf(out, "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		strbuf_addf(out, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		strbuf_addf(out, "ended with wait status %d", status);
}

void proc_result_release(struct proc_result *res)
{
	strbuf_release(&res->out);
	strbuf_release(&res->err);
}
