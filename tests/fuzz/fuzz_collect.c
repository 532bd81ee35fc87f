/*
 * libFuzzer target: every reader of outside text in collect/ and the
 * method paragraph's reading of the "flagged" fact.  The first byte picks
 * the reader; the rest is its input, as a file or a kernel would give it.
 * Owner records and cache manifests lie in directories others may write;
 * /proc text and the tools' output come from outside too.
 */
#include "../../collect/collect_internal.h"
#include "../../render/render_method.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int note(void *payload, const struct collect_mount *m)
{
	size_t *n = payload;

	*n += strlen(m->device) + strlen(m->dir) + strlen(m->type) + strlen(m->options);
	return 0;
}

static void flagged(const char *text)
{
	struct recset set = RECSET_INIT;
	struct record r = RECORD_INIT;
	struct strbuf out = STRBUF_INIT;

	r.facts = facts_new();
	facts_set(r.facts, "flagged", text);
	facts_set(r.facts, "dataset", text);
	facts_set(r.facts, "mkfs-command", text);
	recset_add(&set, &r);
	render_method(&out, &set);
	render_method_flagged(&out, &set, NULL);
	recset_release(&set);
	record_release(&r);
	strbuf_release(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	size_t len, n = 0;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	if (size < 1)
		return 0;
	len = size - 1;
	/* the readers take NUL-terminated text as /proc and the tools give it */
	text = malloc(len + 1);
	memcpy(text, data + 1, len);
	text[len] = '\0';
	switch (data[0] % 12) {
	case 0: {
		struct collect_owner o;

		collect_owner_parse(&o, text, len);
		break;
	}
	case 1: {
		struct collect_manifest m;

		collect_manifest_parse(&m, text, len);
		collect_manifest_release(&m);
		break;
	}
	case 2:
		collect_mounts_parse(text, len, note, &n);
		break;
	case 3: {
		unsigned long long d[3];

		collect_diskstats_parse(text, len, "vda", d);
		break;
	}
	case 4: {
		struct collect_snap s;

		collect_vmstat_parse(text, len, &s);
		break;
	}
	case 5: {
		double v;

		collect_psi_parse(text, len, &v);
		collect_loadavg_parse(text, len, &v);
		break;
	}
	case 6: {
		unsigned long long busy;
		struct collect_pidstat ps;

		collect_stat_busy_parse(text, len, &busy);
		collect_pidstat_parse(text, len, &ps);
		break;
	}
	case 7:
		collect_kmsg_pick(&a, text, len, "loop3");
		break;
	case 8:
		collect_fsinfo_ext(&a, &b, text);
		break;
	case 9:
		collect_fsinfo_xfs(&a, text);
		break;
	case 10:
		collect_fsinfo_btrfs(&a, &b, text);
		break;
	default:
		flagged(text);
	}
	strbuf_release(&a);
	strbuf_release(&b);
	free(text);
	return 0;
}
