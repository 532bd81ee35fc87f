#include "hwkey.h"
#include "strbuf.h"
#include "util.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Marketing words that make keys long without telling machines apart. */
static const char *const noise[] = {
	"intel", "amd", "genuine", "authentic", "cpu", "processor", "(r)", "(tm)",
	"r", "tm", "core", "with", "radeon", "graphics", "mobile", "ghz", "mhz",
	"@", "apu", NULL,
};

static const struct {
	const char *from, *to;
} abbrev[] = {
	{ "pentium iii", "piii" },
	{ "pentium ii", "pii" },
	{ "pentium 4", "p4" },
	{ "pentium(r) 4", "p4" },
	{ "pentium(r) iii", "piii" },
	{ "pentium(r) ii", "pii" },
};

static int is_noise(const char *w, size_t len)
{
	size_t i;

	for (i = 0; noise[i]; i++)
		if (strlen(noise[i]) == len && !strncmp(noise[i], w, len))
			return 1;
	/* clock speeds ("2.40ghz", "866mhz") say nothing stable about the model */
	if (len > 3 && (!strncmp(w + len - 3, "ghz", 3) || !strncmp(w + len - 3, "mhz", 3)))
		return 1;
	return 0;
}

void hwkey_slug(struct strbuf *sb, const char *text, unsigned max)
{
	struct strbuf words = STRBUF_INIT, lower = STRBUF_INIT;
	size_t i;
	const char *p;

	for (p = text ? text : ""; *p; p++) {
		/* trademark marks glued to words: "Intel(R)", "Core(TM)" */
		if (!strncasecmp(p, "(r)", 3)) {
			p += 2;
			continue;
		}
		if (!strncasecmp(p, "(tm)", 4)) {
			p += 3;
			continue;
		}
		strbuf_addch(&lower, tolower((unsigned char)*p));
	}
	for (i = 0; i < ARRAY_SIZE(abbrev); i++) {
		char *hit = strstr(lower.buf, abbrev[i].from);

		if (hit) {
			struct strbuf tmp = STRBUF_INIT;

			strbuf_add(&tmp, lower.buf, (size_t)(hit - lower.buf));
			strbuf_addstr(&tmp, abbrev[i].to);
			strbuf_addstr(&tmp, hit + strlen(abbrev[i].from));
			strbuf_release(&lower);
			lower = tmp;
		}
	}
	/* Bracketed asides ("(Coppermine)") are dropped; words are kept. */
	for (p = lower.buf; *p;) {
		const char *w;
		size_t len;

		if (*p == '(') {
			const char *close = strchr(p, ')');

			if (close && close - p > 3) {
				p = close + 1;
				continue;
			}
		}
		if (!isalnum((unsigned char)*p) && *p != '@' && *p != '(') {
			p++;
			continue;
		}
		w = p;
		while (*p && !isspace((unsigned char)*p) && *p != ',' && *p != '/')
			p++;
		len = (size_t)(p - w);
		if (is_noise(w, len))
			continue;
		for (i = 0; i < len; i++) {
			unsigned char c = (unsigned char)w[i];

			if (isalnum(c) || c == '.') {
				if (words.len && words.buf[words.len - 1] != '-' && i == 0)
					strbuf_addch(&words, '-');
				strbuf_addch(&words, c);
			} else if (words.len && words.buf[words.len - 1] != '-') {
				strbuf_addch(&words, '-');
			}
		}
	}
	while (words.len && (words.buf[words.len - 1] == '-' || words.buf[words.len - 1] == '.'))
		strbuf_setlen(&words, words.len - 1);
	if (words.len > max) {
		strbuf_setlen(&words, max);
		while (words.len && (words.buf[words.len - 1] == '-' || words.buf[words.len - 1] == '.'))
			strbuf_setlen(&words, words.len - 1);
	}
	strbuf_add(sb, words.buf, words.len);
	strbuf_release(&words);
	strbuf_release(&lower);
}

static void add_part(struct strbuf *key, const char *part)
{
	if (!*part)
		return;
	if (key->len)
		strbuf_addch(key, '-');
	strbuf_addstr(key, part);
}

char *hwkey_make(const struct hwinfo *hw)
{
	struct strbuf key = STRBUF_INIT, part = STRBUF_INIT;

	hwkey_slug(&part, hw->cpu_model, 20);
	add_part(&key, part.buf);
	strbuf_reset(&part);
	if (hw->cpus > 0) {
		strbuf_addf(&part, "%dc", hw->cpus);
		add_part(&key, part.buf);
		strbuf_reset(&part);
	}
	if (hw->mem_bytes) {
		unsigned long long mib = (hw->mem_bytes + (1ULL << 19)) >> 20;

		/* Sizes the kernel reports vary by a few MiB across boots: round. */
		if (mib >= 2048)
			strbuf_addf(&part, "%llug", (mib + 512) / 1024);
		else if (mib >= 64)
			strbuf_addf(&part, "%llum", (mib + 8) / 16 * 16);
		else
			strbuf_addf(&part, "%llum", mib);
		add_part(&key, part.buf);
		strbuf_reset(&part);
	}
	hwkey_slug(&part, hw->disk_model, 20);
	add_part(&key, part.buf);
	strbuf_release(&part);
	if (!key.len)
		strbuf_addstr(&key, "unknown");
	return strbuf_detach(&key, NULL);
}
