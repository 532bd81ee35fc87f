/*
 * libFuzzer target: the template renderer (cmark parse, placeholders,
 * wrapping) on arbitrary templates over a fixed selection.  Whatever the
 * template, the text and email output is ASCII without tabs or control
 * characters.  Graphs are left out: each would start gnuplot.
 */
#include "../../core/bench.h"
#include "../../render/render_report.h"

#include <stdint.h>
#include <string.h>

static const char runs[] =
	"kernel: 6.1.0\nhardware: box\nfs: ext4\noptions: noatime\ncaches: dropped\n"
	"BenchmarkUntar 1 10.0 sec/op 1.0 user-sec/op\nBenchmarkUntar 1 10.2 sec/op 1.1 user-sec/op\n"
	"kernel: 6.2.0\nfs: xfs\nBenchmarkUntar 1 9.0 sec/op 1.0 user-sec/op\n"
	"BenchmarkUntar 1 9.2 sec/op 1.2 user-sec/op\nBenchmarkDd 1 100 throughput:MB/s\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const formats[] = { "text", "email", "html" };
	struct recset set = RECSET_INIT;
	struct render_report_data d = { 0 };
	struct strbuf out = STRBUF_INIT;
	const char *format;
	size_t i;

	if (!size || memmem(data, size, "graph", 5))
		return 0;
	format = formats[data[0] % 3];
	if (bench_parse(&set, runs, strlen(runs), "runs") < 0)
		__builtin_trap();
	d.set = &set;
	d.test = stats_test_by_name(data[0] & 4 ? "welch" : "utest");
	d.alpha = 0.05;
	d.email.date = 1764496800;
	d.email.message_id = "fuzz@benchpost";
	d.email.from = "fuzz@example.org";
	if (render_report(&out, (const char *)data + 1, size - 1, "fuzz", format, &d) == 0 &&
	    strcmp(format, "html"))
		for (i = 0; i < out.len; i++) {
			unsigned char c = out.buf[i];

			if (c >= 0x7f || (c < 0x20 && c != '\n'))
				__builtin_trap();
		}
	strbuf_release(&out);
	recset_release(&set);
	return 0;
}
