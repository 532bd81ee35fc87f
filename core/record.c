#include "record.h"
#include "strbuf.h"
#include "util.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct facts *facts_new(void)
{
	/* malloc, not calloc: glibc's calloc skips its per-thread cache of small blocks */
	struct facts *f = xmalloc(sizeof(*f));

	f->v = NULL;
	f->nr = f->alloc = 0;
	f->refcount = 1;
	return f;
}

struct facts *facts_ref(struct facts *f)
{
	if (f)
		f->refcount++;
	return f;
}

void facts_clear(struct facts *f)
{
	size_t i;

	for (i = 0; i < f->nr; i++) {
		free(f->v[i].key);
		free(f->v[i].value);
	}
	f->nr = 0;
}

void facts_unref(struct facts *f)
{
	if (!f || --f->refcount)
		return;
	facts_clear(f);
	free(f->v);
	free(f);
}

void facts_set(struct facts *f, const char *key, const char *value)
{
	size_t i;

	for (i = 0; i < f->nr; i++) {
		if (!strcmp(f->v[i].key, key)) {
			free(f->v[i].value);
			f->v[i].value = xstrdup(value ? value : "");
			return;
		}
	}
	ALLOC_GROW(f->v, f->nr + 1, f->alloc);
	f->v[f->nr].key = xstrdup(key);
	f->v[f->nr].value = xstrdup(value ? value : "");
	f->nr++;
}

const char *facts_get(const struct facts *f, const char *key)
{
	size_t i;

	for (i = 0; f && i < f->nr; i++)
		if (!strcmp(f->v[i].key, key))
			return f->v[i].value;
	return NULL;
}

#define FACTS_DATE_FORMAT "%Y-%m-%dT%H:%M:%SZ"

time_t facts_get_date(const struct facts *f)
{
	const char *s = facts_get(f, "date"), *end;
	struct tm tm;

	if (!s)
		return 0;
	memset(&tm, 0, sizeof(tm));
	end = strptime(s, FACTS_DATE_FORMAT, &tm);
	return end && !*end ? timegm(&tm) : 0;
}

void facts_set_date(struct facts *f, time_t t)
{
	struct tm tm;
	char buf[32];

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), FACTS_DATE_FORMAT, &tm);
	facts_set(f, "date", buf);
}

#define FIELD(name) { #name, offsetof(struct record, name) }
const struct record_field record_config_fields[] = {
	FIELD(kernel),
	FIELD(hardware),
	FIELD(fs),
	FIELD(options),
	FIELD(device),
	FIELD(source),
};
#undef FIELD
const size_t record_config_fields_nr =
	ARRAY_SIZE(record_config_fields);

char **record_field(struct record *r, const struct record_field *f)
{
	return (char **)((char *)r + f->offset);
}

const char *record_field_get(const struct record *r, const struct record_field *f)
{
	return *(char *const *)((const char *)r + f->offset);
}

const struct record_field *record_field_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < record_config_fields_nr; i++)
		if (!strcmp(record_config_fields[i].name, name))
			return &record_config_fields[i];
	return NULL;
}

void record_init(struct record *r)
{
	memset(r, 0, sizeof(*r));
	r->count = 1;
}

/* Every owned string of a record, so release and copy cannot miss one. */
static const size_t string_offsets[] = {
	offsetof(struct record, kernel), offsetof(struct record, hardware),
	offsetof(struct record, fs), offsetof(struct record, options),
	offsetof(struct record, device), offsetof(struct record, benchmark),
	offsetof(struct record, metric), offsetof(struct record, value),
	offsetof(struct record, unit), offsetof(struct record, source),
};
#define STRING_FIELDS ARRAY_SIZE(string_offsets)

static char **string_at(struct record *r, size_t i)
{
	return (char **)((char *)r + string_offsets[i]);
}

void record_release(struct record *r)
{
	size_t i;

	for (i = 0; i < STRING_FIELDS; i++)
		free(*string_at(r, i));
	facts_unref(r->facts);
	record_init(r);
}

void record_copy(struct record *dst, const struct record *src)
{
	size_t i;

	*dst = *src;
	for (i = 0; i < STRING_FIELDS; i++) {
		char **field = string_at(dst, i);

		if (*field)
			*field = xstrdup(*field);
	}
	facts_ref(dst->facts);
}

void record_set(char **field, const char *value)
{
	char *old = *field;

	*field = value ? xstrdup(value) : NULL;
	free(old);
}

double record_number(const struct record *r)
{
	char buf[64];
	size_t i;

	if (!r->value)
		return NAN;
	/* Values posted with a comma decimal separator are stored as given. */
	for (i = 0; r->value[i] && i < sizeof(buf) - 1; i++)
		buf[i] = r->value[i] == ',' ? '.' : r->value[i];
	buf[i] = '\0';
	return strtod(buf, NULL);
}

struct record *recset_add(struct recset *set, const struct record *r)
{
	struct record *dst;

	ALLOC_GROW(set->v, set->nr + 1, set->alloc);
	dst = &set->v[set->nr++];
	if (r)
		record_copy(dst, r);
	else
		record_init(dst);
	return dst;
}

struct record *recset_take(struct recset *set, struct record *r)
{
	struct record *dst;

	ALLOC_GROW(set->v, set->nr + 1, set->alloc);
	dst = &set->v[set->nr++];
	*dst = *r;
	record_init(r);
	return dst;
}

void recset_release(struct recset *set)
{
	size_t i;

	for (i = 0; i < set->nr; i++)
		record_release(&set->v[i]);
	free(set->v);
	set->v = NULL;
	set->nr = set->alloc = 0;
}

int value_is_number(const char *s)
{
	const char *p = s;
	int digits = 0;

	if (*p == '-' || *p == '+')
		p++;
	while (isdigit((unsigned char)*p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char)*p)) {
			p++;
			digits++;
		}
	}
	if (!digits)
		return 0;
	if (*p == 'e' || *p == 'E') {
		int exp_digits = 0;

		p++;
		if (*p == '-' || *p == '+')
			p++;
		while (isdigit((unsigned char)*p)) {
			p++;
			exp_digits++;
		}
		if (!exp_digits)
			return 0;
	}
	return *p == '\0';
}
