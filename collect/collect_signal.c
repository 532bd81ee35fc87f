#include "collect.h"
#include "collect_internal.h"

#include <signal.h>
#include <string.h>

volatile pid_t collect_child;
static volatile sig_atomic_t caught;

/*
 * The handler only ends the running child's process group and notes the
 * signal; the run then unwinds through its ordinary error path, which
 * unmounts, detaches and removes what it made.
 */
static void on_signal(int sig)
{
	pid_t pid = collect_child;

	caught = sig;
	if (pid > 0)
		kill(-pid, SIGTERM);
}

void collect_signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

int collect_interrupted(void)
{
	return caught;
}
