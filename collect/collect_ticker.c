#include "collect_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/*
 * A second thread that keeps the progress line moving while the main
 * thread waits for a child (a step can take minutes), and samples who
 * else uses the CPU.  It only reads /proc and calls the caller's
 * progress function, under the one lock that also guards the status.
 */

#define TICK_SECONDS 1.0
#define CPU_SAMPLE_SECONDS 3.0

double collect_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Called with t->mu held. */
static void emit(struct collect_ticker *t)
{
	struct collect_status st = t->st;
	double now = collect_now();

	if (!t->fn)
		return;
	st.elapsed = now - t->start;
	st.phase_elapsed = now - t->phase_start;
	if (st.left >= 0) {
		st.left -= st.phase_elapsed;
		if (st.left < 0)
			st.left = 0;
	}
	t->fn(t->payload, &st);
}

static void *tick(void *arg)
{
	struct collect_ticker *t = arg;
	sigset_t block;

	/* signals are the main thread's: it unwinds the run */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, NULL);
	pthread_mutex_lock(&t->mu);
	while (!t->stop) {
		struct timespec ts;
		double until = collect_now() + TICK_SECONDS;

		ts.tv_sec = (time_t)until;
		ts.tv_nsec = (long)((until - (double)ts.tv_sec) * 1e9);
		if (pthread_cond_timedwait(&t->cv, &t->mu, &ts) == ETIMEDOUT && !t->stop) {
			emit(t);
			if (collect_now() - t->last_sample >= CPU_SAMPLE_SECONDS) {
				collect_cpu_sample(&t->cpu);
				t->last_sample = collect_now();
			}
		}
	}
	pthread_mutex_unlock(&t->mu);
	return NULL;
}

void collect_ticker_start(struct collect_ticker *t, const struct collect_opts *o)
{
	pthread_condattr_t ca;

	memset(t, 0, sizeof(*t));
	t->fn = o->progress;
	t->payload = o->progress_payload;
	t->start = t->phase_start = t->last_sample = collect_now();
	t->st.left = -1;
	pthread_mutex_init(&t->mu, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&t->cv, &ca);
	pthread_condattr_destroy(&ca);
	collect_cpu_begin(&t->cpu);
	t->started = pthread_create(&t->th, NULL, tick, t) == 0;
}

void collect_ticker_stop(struct collect_ticker *t)
{
	pthread_mutex_lock(&t->mu);
	t->stop = 1;
	pthread_cond_signal(&t->cv);
	pthread_mutex_unlock(&t->mu);
	if (t->started)
		pthread_join(t->th, NULL);
	t->started = 0;
	collect_cpu_end(&t->cpu);
}

void collect_ticker_release(struct collect_ticker *t)
{
	collect_cpu_release(&t->cpu);
	pthread_cond_destroy(&t->cv);
	pthread_mutex_destroy(&t->mu);
}

/* How a new "what" reaches the screen: with the next tick, at once, or at once as a new phase. */
enum what_mode { WHAT_QUIET, WHAT_SHOW, WHAT_PHASE };

static void set_what(struct collect_ticker *t, enum what_mode mode, const char *fmt, va_list ap)
{
	pthread_mutex_lock(&t->mu);
	vsnprintf(t->what, sizeof(t->what), fmt, ap);
	if (mode == WHAT_PHASE) {
		memset(&t->st, 0, sizeof(t->st));
		t->st.phase = COLLECT_PHASE_PREPARE;
		t->st.what = t->what;
		t->st.left = -1;
		t->phase_start = collect_now();
	}
	if (mode != WHAT_QUIET)
		emit(t);
	pthread_mutex_unlock(&t->mu);
}

void collect_ticker_prepare(struct collect_ticker *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_what(t, WHAT_PHASE, fmt, ap);
	va_end(ap);
}

/*
 * A stage within a preparing phase, shown at once and keeping the phase's
 * start: a stage shorter than a tick (generating a small tree) is still
 * seen.
 */
void collect_ticker_stage(struct collect_ticker *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_what(t, WHAT_SHOW, fmt, ap);
	va_end(ap);
}

/*
 * Only the "what" of a preparing phase, shown with the next tick: a count
 * that moves many times a second (files generated) is not a line each.
 */
void collect_ticker_what(struct collect_ticker *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_what(t, WHAT_QUIET, fmt, ap);
	va_end(ap);
}

void collect_ticker_step(struct collect_ticker *t, const struct collect_status *st)
{
	pthread_mutex_lock(&t->mu);
	t->st = *st;
	t->st.phase = COLLECT_PHASE_STEP;
	snprintf(t->fs, sizeof(t->fs), "%s", st->fs ? st->fs : "");
	snprintf(t->test, sizeof(t->test), "%s", st->test ? st->test : "");
	t->st.fs = t->fs;
	t->st.test = t->test;
	t->st.what = NULL;
	t->phase_start = collect_now();
	emit(t);
	pthread_mutex_unlock(&t->mu);
}
