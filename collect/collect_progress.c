#include "collect_internal.h"

#include <string.h>

/* How a progress line says a duration: "1:23", "1:02:03". */
void collect_format_duration(struct strbuf *out, double seconds)
{
	long s = seconds < 0 ? 0 : (long)(seconds + 0.5);

	if (s >= 3600)
		strbuf_addf(out, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		strbuf_addf(out, "%ld:%02ld", s / 60, s % 60);
}

/* The tests -n auto can plan for; diff names them the same (render_stats.c). */
int collect_sig_test_known(const char *name)
{
	return name && (!strcmp(name, "utest") || !strcmp(name, "welch"));
}
