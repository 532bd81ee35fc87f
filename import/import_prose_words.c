#include "import_context.h"
#include "import_prose.h"
#include "import_prose_words.h"
#include "import_prose_words.words.h"  /* build/gen: the index of the lists below */
#include "../core/util.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * The classes of words the prose reader weighs.  A word is in a class
 * whatever its case; lists end with NULL.
 */

static const char *const take[] = { "took", "takes", "take", "taking", "taken", NULL };
static const char *const complete[] = {
	"finished", "finishes", "finish", "completed", "completes", "complete", "done", "ran", "runs",
	"run", "executes", "executed", "returns", "returned", "boots", "booted", "builds", "built",
	"compiles", "compiled", "ends", "ended", NULL,
};
static const char *const measure[] = {
	"gave", "gives", "give", "got", "gets", "get", "getting", "achieved", "achieves", "achieve",
	"reached", "reaches", "reach", "hit", "hits", "sustained", "sustains", "sustain", "managed",
	"manages", "manage", "delivers", "delivered", "deliver", "did", "does", "do", "see", "saw",
	"sees", "seeing", "measured", "measure", "measures", "shows", "showed", "show", "reports",
	"reported", "report", "scored", "scores", "yields", "yielded", "yield", "averaged", "averages",
	"peaked", "peaks", "needs", "needed", "need", "required", "requires", "require", "lasted",
	"lasts", "spent", "spends", "clocked", "timed", "pushes", "pushed", "writes", "wrote", "reads",
	"makes", "made", NULL,
};
static const char *const copula[] = {
	"is", "was", "are", "were", "be", "been", "becomes", "became", "stays", "stayed", "stay",
	"remains", "remained", "remain", "sits", "sat", "hovers", "hovered", "holds", "held", "hold",
	"it's", "that's", NULL,
};
static const char *const change[] = {
	"went", "goes", "go", "gone", "going", "dropped", "drops", "drop", "fell", "falls", "fall",
	"rose", "rises", "rise", "risen", "increased", "increases", "increase", "decreased",
	"decreases", "decrease", "improved", "improves", "improve", "jumped", "jumps", "jump", "grew",
	"grows", "grow", "shrank", "shrinks", "shrunk", "climbed", "climbs", "sank", "sinks", "came",
	"comes", "come", "brings", "brought", "bring", "moved", "moves", "changed", "changes",
	"slowed", "reduced", "reduces", "degraded", "degrades", "regressed", "regresses", NULL,
};
static const char *const difference[] = {
	"gained", "gains", "gain", "lost", "loses", "lose", "saves", "saved", "save", "shaved",
	"costs", "cost", "adds", "added", "add", "wins", "won", NULL,
};
static const char *const approx[] = {
	"about", "around", "roughly", "approximately", "approx", "circa", "ca", "some", "~", NULL,
};
static const char *const neutral[] = {
	"only", "just", "exactly", "still", "now", "consistently", "always", "usually", "typically",
	"generally", "then", "also", "even", "merely", "steady", "constant", NULL,
};
static const char *const bound[] = {
	"over", "under", "more", "less", "fewer", "least", "most", "nearly", "almost", "below",
	"above", "beyond", "within", "exceeding", "exceeds", "max", "maximum", "minimum", "min",
	"close", "upto", "than", "<", ">", "<=", ">=", "barely", "+/-", "+-", "\xc2\xb1", "well", NULL,
};
static const char *const spec_before[] = {
	"max", "maximum", "theoretical", "rated", "limit", "limited", "capped", "nominal", "spec",
	"interface", "link", "bus", NULL,
};
static const char *const spec_after[] = {
	"link", "links", "network", "ethernet", "nic", "card", "bus", "port", "ports", "hba", "sas",
	"sata", "interface", "connection", "controller", "cable", "channel", "limit", "max",
	"maximum", "spec", "rated", "theoretical", "line", "wire", "uplink", "fabric", "adapter",
	"switch", "pcie", "usb", "fc", "drive", "disk", "ssd", NULL,
};
static const char *const setting[] = {
	"timeout", "timeouts", "interval", "intervals", "delay", "delays", "sleep", "window", "limit",
	"budget", "cap", "ago", "later", "earlier", "before", "after", "period", "slice", "tick",
	"ticks", "quantum", "warmup", "warm-up", "runtime", "run", "runs", "test", NULL,
};
static const char *const comparison[] = {
	"longer", "shorter", "more", "less", "faster", "slower", "quicker", "better", "worse",
	"higher", "lower", "extra", "improvement", "increase", "decrease", "regression",
	"difference", "gain", "loss", "speedup", "slowdown", "ahead", "behind", "sooner",
	"off", "than", "per", "each", "apart", "fewer", "greater", "bigger", "smaller", "lead",
	"delta", "penalty", "overhead", "saving", "savings", "vs", "versus", NULL,
};
static const char *const change_noun[] = {
	"decrease", "increase", "drop", "gain", "loss", "improvement", "regression", "difference",
	"degradation", "slowdown", "speedup", "reduction", "penalty", "overhead", "delta",
	"variation", "jitter", "fluctuation", "spread", "deviation", "stddev", "vs", "versus", NULL,
};
static const char *const time_noun[] = {
	"time", "times", "timing", "timings", "duration", "runtime", "latency", "elapsed", "wall",
	"real", NULL,
};
static const char *const result_noun[] = {
	"scores", "score", "numbers", "results", "figures", "throughput", "rates", "speeds",
	"times", "bandwidth", "values", "timings", NULL,
};
static const char *const pronoun[] = {
	"it", "this", "that", "which", "what", "each", "everything", "all", "one", "they", "he",
	"she", "we", "i", "you", "both", "these", "those", "something", "nothing", "mine", "ours",
	"it's", "that's", "we're", "i'm", "they're", "you're", "we've", "i've", "there", NULL,
};
static const char *const generic[] = {
	"test", "run", "benchmark", "job", "thing", "system", "box", "machine", "same", "whole",
	"whole thing", "process", "kernel", "result", "number", "total", "overall", "average", "mean",
	"median", NULL,
};
static const char *const leading[] = {
	"and", "but", "so", "then", "also", "now", "here", "there", "while", "whereas", "still",
	"only", "even", "however", "meanwhile", "unfortunately", "interestingly", "surprisingly",
	"yet", "thus", "hence", "finally", "first", "second", "third", "again", "overall",
	"anyway", "instead", "the", "a", "an", "my", "our", "your", "this", "that", "which", NULL,
};
static const char *const kernel_cue[] = {
	"on", "with", "under", "in", "for", "using", "running", "between", "and", "vs", "versus",
	"from", "to", "stock", "vanilla", "plain", "mainline", "patched", "unpatched", "linux",
	"kernel", "kernels", "against", "of", NULL,
};

static const char *const *const classes[PW_NCLASSES] = {
	[PW_TAKE] = take, [PW_COMPLETE] = complete, [PW_MEASURE] = measure, [PW_COPULA] = copula,
	[PW_CHANGE] = change, [PW_DIFFERENCE] = difference, [PW_APPROX] = approx,
	[PW_NEUTRAL] = neutral, [PW_BOUND] = bound, [PW_SPEC_BEFORE] = spec_before,
	[PW_SPEC_AFTER] = spec_after, [PW_SETTING] = setting, [PW_COMPARISON] = comparison,
	[PW_CHANGE_NOUN] = change_noun, [PW_TIME_NOUN] = time_noun, [PW_RESULT_NOUN] = result_noun,
	[PW_PRONOUN] = pronoun, [PW_GENERIC] = generic, [PW_LEADING] = leading,
	[PW_KERNEL_CUE] = kernel_cue,
};

/*
 * Every word of every class, once, with the classes it is in: a word is
 * looked up by one hash of its bytes (prose_word_hash) instead of a walk
 * of each class's list, and the classes asked of one word cost one
 * look-up each.  gen-words makes it from classes[] when benchpost is
 * built: const, where building it on the first look-up was state that
 * look-up wrote.
 */
struct indexed_word {
	const char *w;   /* NULL: a free slot */
	size_t n;
	uint32_t classes;
};

/* a word's classes are bits of classes, and the slots stay under half full (gen-words checks) */
_Static_assert(PW_NCLASSES <= 32, "a class past the bits of indexed_word.classes");
static const struct indexed_word word_index[PROSE_INDEX_SLOTS] = PROSE_INDEX(classes);

/* The slot of w: the one that holds it, else the free one it would have taken. */
static const struct indexed_word *slot_of(const char *w, size_t n)
{
	size_t i = prose_word_hash(w, n);

	while (word_index[i].w && !(word_index[i].n == n && prose_same_word(word_index[i].w, w, n)))
		i = (i + 1) & (PROSE_INDEX_SLOTS - 1);
	return &word_index[i];
}

uint32_t prose_classes(const char *w, size_t n)
{
	if (!n)
		return 0;
	return slot_of(w, n)->classes;
}

const char *const *prose_class_words(enum prose_class c)
{
	return classes[c];
}

int prose_is(const char *w, size_t n, enum prose_class c)
{
	return (prose_classes(w, n) >> c) & 1;
}

/* Punctuation a word carries that is not the word's: "(about", "seconds.", "slower:" */
static int outer(char c)
{
	/* a switch, not strchr: asked of both ends of every word read */
	switch (c) {
	case '(': case ')': case '[': case ']': case '"': case '\'': case '`': case ',': case '.': case ';': case ':':
	case '!': case '?':
		return 1;
	default:
		return 0;
	}
}

static void trim(struct pword *w)
{
	while (w->n && outer(w->s[0]) && w->s[0] != '~') {
		w->s++;
		w->n--;
	}
	w->colon = w->comma = 0;
	while (w->n && outer(w->s[w->n - 1])) {
		w->colon |= w->s[w->n - 1] == ':';
		w->comma |= w->s[w->n - 1] == ',' || w->s[w->n - 1] == ';';
		w->n--;
	}
}

/* What separates words: blanks, and brackets ("ssd(Max bandwidth") */
static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '(' || c == ')';
}

int prose_prev_word(struct pword *w, const char *lo, const char *p)
{
	const char *e = p, *b;

	for (;;) {
		while (e > lo && blank(e[-1]))
			e--;
		if (e <= lo)
			return 0;
		for (b = e; b > lo && !blank(b[-1]); b--)
			;
		w->s = b;
		w->n = (size_t)(e - b);
		trim(w);
		if (w->n)
			return 1;
		/* a lone "-" or "(": the word before it */
		e = b;
	}
}

int prose_next_word(struct pword *w, const char *p, const char *hi)
{
	const char *b = p, *e;

	for (;;) {
		while (b < hi && blank(*b))
			b++;
		if (b >= hi)
			return 0;
		for (e = b; e < hi && !blank(*e); e++)
			;
		w->s = b;
		w->n = (size_t)(e - b);
		trim(w);
		if (w->n)
			return 1;
		b = e;
	}
}

/* "3.13", "2.4.11pre2", "2.4.17pre4aa1", "v5.7", "6.1": a version prose writes loosely */
static int loose_version(const char *w, size_t n)
{
	size_t i = 0;
	int dots = 0;

	if (n && (w[0] == 'v' || w[0] == 'V'))
		i++;
	size_t minor;

	if (i >= n || w[i] < '1' || w[i] > '9' || i + 1 >= n || w[i + 1] != '.')
		return 0;
	minor = i + 2;
	for (i += 1; i < n && (w[i] == '.' || isdigit((unsigned char)w[i])); i++)
		dots += w[i] == '.';
	if (w[i - 1] == '.')
		return 0;
	/* "3.13", "5.10": no major has had more than twenty minors; "4.47" is a number */
	if (dots == 1 && atoi(w + minor) > 20)
		return 0;
	/* then a suffix of letters, digits, '-', '+' and '_' */
	for (; i < n; i++)
		if (!isalnum((unsigned char)w[i]) && !strchr("-+_", w[i]))
			return 0;
	return dots >= 1;
}

/* "-aa", "-mm", "-ac4": a tree's name for the kernel it carries */
static int tree_name(const char *w, size_t n)
{
	size_t i, letters = 0;

	if (n < 3 || w[0] != '-')
		return 0;
	for (i = 1; i < n && islower((unsigned char)w[i]); i++)
		letters++;
	for (; i < n && isdigit((unsigned char)w[i]); i++)
		;
	return i == n && letters >= 2 && letters <= 5;
}

int prose_is_kernel(const char *w, size_t n, int loose)
{
	if (import_is_kernel(w, n))
		return 1;
	return loose && (loose_version(w, n) || tree_name(w, n));
}

/* ---- the feature pass's verbs: "took", "takes", "gave", "gives" ---- */

static const struct {
	const char *w;
	size_t rare;   /* where its 'k' or 'v' is */
} verbs[] = {
	{ " took ", 4 }, { " takes ", 3 }, { " gave ", 3 }, { " gives ", 3 },
};

/*
 * Whether the byte before the 'k' or 'v' at p (in text) is the one of a
 * verb: "took", "takes", "gave", "gives".  Most are not ("kernel", "have").
 */
static int verb_may_end(const char *text, const char *p)
{
	if (p == text)
		return 0;
	return *p == 'k' ? p[-1] == 'o' || p[-1] == 'a' : p[-1] == 'a' || p[-1] == 'i';
}

int import_prose_verb_at(const char *text, const char *p)
{
	size_t i;

	if (!verb_may_end(text, p))
		return 0;
	for (i = 0; i < ARRAY_SIZE(verbs); i++) {
		const char *w = verbs[i].w;
		size_t k = verbs[i].rare;

		if (w[k] != *p || p[1] != w[k + 1] || (size_t)(p - text) < k || strncmp(p - k, w, k))
			continue;
		if (!strncmp(p + 1, w + k + 1, strlen(w + k + 1)))
			return 1;
	}
	return 0;
}

int import_prose_may_start(const char *s)
{
	const char *p;

	for (p = s; *p; p++)
		if ((*p == 'k' || *p == 'v') && import_prose_verb_at(s, p))
			return 1;
	return 0;
}
