/*
 * fmt-pprof.c: pprof's profile.proto, as written by Go's runtime/pprof,
 * pyroscope, parca and the pprof tool itself (gzip'd or not: the reader
 * decompresses it first).
 *
 * The protobuf is decoded by protobuf-c from src/pprof.proto. One sample
 * type is shown: --sample-type=NAME, else the profile's default_sample_type,
 * else the last, as the pprof tool chooses. A location's lines run from the innermost
 * inlined function to the function it was inlined into; the inlined ones
 * are marked _[i], as stackcollapse-perf.pl marks inlined frames. A location
 * without a function name is named as pprof names it: "[file]" after the
 * basename of its mapping's file, else its address, else "[unknown]".
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "formats.h"
#include "pprof.pb-c.h"
#include "util.h"

/*
 * Frames a profile may expand to: a location with many lines, repeated in
 * a sample's location ids, multiplies the input. A real profile has about
 * one frame per byte; past this many per byte (and the first few), samples
 * are skipped with a note, so that work stays linear in the input.
 */
#define PPROF_FRAMES_PER_BYTE 8
#define PPROF_FRAMES_FREE 65536

typedef Perftools__Profiles__Profile Profile;
typedef Perftools__Profiles__Location Location;
typedef Perftools__Profiles__Function Function;
typedef Perftools__Profiles__Mapping Mapping;

/* Where the message with an id is, for lookups by id. */
struct pprof_index {
	uint64_t id;
	size_t at;		/* its position in the profile's array */
};

/* What a parse needs at hand. */
struct pprof {
	Profile *p;
	struct pprof_index *locs;	/* locations by id */
	struct pprof_index *funcs;	/* functions by id */
	struct pprof_index *maps;	/* mappings by id */

	struct strv *names;	/* the frames of every location, root first */
	size_t *first;		/* location i's frames: names[first[i]..] */
	size_t *count;		/* and how many */
	char **owned;		/* names made here, to free */
	size_t nowned, capowned;
	size_t *at;		/* a sample's locations, as pprof_nframes()
				   found them */
	size_t capat;
	int badstring;		/* a string index was out of range */
};

/*
 * Check one field of a message at buf[*i..len): its tag must be a known
 * field of that message with its wire type (wire[field], -1 for unknown).
 * Returns 1 and moves *i past it, 0 when it cannot be such a field, 2 when
 * the field runs past the end of buf.
 */
static int
pprof_probe_field(const unsigned char *buf, size_t len, size_t *i,
    const signed char *wire, size_t nwire, uint64_t *field)
{
	uint64_t v = 0, n = 0;
	unsigned shift;
	size_t k = *i;

	for (shift = 0; k < len && shift < 64; shift += 7) {
		v |= (uint64_t)(buf[k] & 0x7f) << shift;
		if ((buf[k++] & 0x80) == 0)
			break;
		if (k == len)
			return 2;
	}
	if (k > len || (buf[k - 1] & 0x80) != 0)
		return 0;
	*field = v >> 3;
	if (*field == 0 || *field >= nwire || wire[*field] != (int)(v & 7))
		return 0;
	switch (v & 7) {
	case 0:
		for (;;) {
			if (k == len)
				return 2;
			if ((buf[k++] & 0x80) == 0)
				break;
		}
		break;
	case 2:
		for (shift = 0; shift < 64; shift += 7) {
			if (k == len)
				return 2;
			n |= (uint64_t)(buf[k] & 0x7f) << shift;
			if ((buf[k++] & 0x80) == 0)
				break;
		}
		if (n > len - k)
			return 2;
		k += n;
		break;
	default:
		return 0;
	}
	*i = k;
	return 1;
}

/*
 * profile.proto if the bytes are a sequence of Profile fields, each with
 * the wire type the schema gives it, the first ValueType well formed too.
 */
static int
pprof_probe(const char *cbuf, size_t len)
{
	/* Wire types of Profile's fields 1..14 and of ValueType's 1..2. */
	static const signed char profile[] = {
		-1, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 2, 0, 2, 0
	};
	static const signed char valuetype[] = { -1, 0, 0 };
	const unsigned char *buf = (const unsigned char *)cbuf;
	size_t i = 0, start, j, nfields = 0;
	uint64_t field, sub;
	int ret;

	while (i < len) {
		start = i;
		ret = pprof_probe_field(buf, len, &i, profile, sizeof profile,
		    &field);
		if (ret == 0)
			return 0;
		if (ret == 2)
			/*
			 * Runs past what we were shown: likely if the input
			 * was cut there, and else a truncated profile that
			 * the parser will report.
			 */
			return nfields == 0 ? 0 : len == READ_PEEK ? 80 : 60;
		if (field == 1) {
			/* Skip the tag and length, check the ValueType. */
			for (j = start + 1; j < i && buf[j] & 0x80; j++)
				;
			for (j++; j < i; )
				if (pprof_probe_field(buf, i, &j, valuetype,
				    sizeof valuetype, &sub) != 1)
					return 0;
		}
		nfields++;
	}
	return nfields > 0 ? 90 : 0;
}

/* String number idx of the profile, "" when out of range. */
static const char *
pprof_str(struct pprof *pp, int64_t idx)
{
	if (idx < 0 || (uint64_t)idx >= pp->p->n_string_table) {
		pp->badstring = 1;
		return "";
	}
	return pp->p->string_table[idx];
}

/* Compare two index entries by id. */
static int
pprof_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct pprof_index *)a)->id;
	uint64_t y = ((const struct pprof_index *)b)->id;

	return x < y ? -1 : x > y;
}

/* Index the locations, functions and mappings by their ids. */
static void
pprof_index(struct pprof *pp)
{
	const Profile *p = pp->p;
	size_t i;

	pp->locs = xcalloc(p->n_location + 1, sizeof *pp->locs);
	for (i = 0; i < p->n_location; i++)
		pp->locs[i] = (struct pprof_index){ p->location[i]->id, i };
	pp->funcs = xcalloc(p->n_function + 1, sizeof *pp->funcs);
	for (i = 0; i < p->n_function; i++)
		pp->funcs[i] = (struct pprof_index){ p->function[i]->id, i };
	pp->maps = xcalloc(p->n_mapping + 1, sizeof *pp->maps);
	for (i = 0; i < p->n_mapping; i++)
		pp->maps[i] = (struct pprof_index){ p->mapping[i]->id, i };
	qsort(pp->locs, p->n_location, sizeof *pp->locs, pprof_cmp);
	qsort(pp->funcs, p->n_function, sizeof *pp->funcs, pprof_cmp);
	qsort(pp->maps, p->n_mapping, sizeof *pp->maps, pprof_cmp);
}

/* The position of the message with this id, or -1. */
static ssize_t
pprof_find(const struct pprof_index *ix, size_t n, uint64_t id)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ix[mid].id < id)
			lo = mid + 1;
		else if (ix[mid].id > id)
			hi = mid;
		else
			return (ssize_t)ix[mid].at;
	}
	return -1;
}

/* Keep a name made here, returning it as a strv. */
static struct strv
pprof_own(struct pprof *pp, char *s)
{
	pp->owned = xgrow(pp->owned, &pp->capowned, pp->nowned + 1,
	    sizeof *pp->owned);
	pp->owned[pp->nowned++] = s;
	return (struct strv){ s, strlen(s) };
}

/* The name of a location with no function name, as pprof gives it. */
static struct strv
pprof_anon(struct pprof *pp, const Location *loc)
{
	const char *file = "", *base;
	ssize_t m;

	if (loc->mapping_id != 0 &&
	    (m = pprof_find(pp->maps, pp->p->n_mapping, loc->mapping_id)) >= 0)
		file = pprof_str(pp, pp->p->mapping[m]->filename);
	if (*file != '\0') {
		base = strrchr(file, '/');
		return pprof_own(pp, xasprintf("[%s]", base != NULL &&
		    base[1] != '\0' ? base + 1 : file));
	}
	if (loc->address != 0)
		return pprof_own(pp, xasprintf("0x%" PRIx64, loc->address));
	return STRV("[unknown]");
}

/* Work out the frames of every location, root first. */
static void
pprof_frames(struct pprof *pp)
{
	size_t i, nloc = pp->p->n_location, n = 0, cap = 0;
	const Location *loc;
	const char *name;
	ssize_t f, k;

	pp->first = xcalloc(nloc + 1, sizeof *pp->first);
	pp->count = xcalloc(nloc + 1, sizeof *pp->count);
	for (i = 0; i < nloc; i++) {
		loc = pp->p->location[i];
		pp->first[i] = n;
		/* Lines are innermost first: the caller is the last. */
		for (k = (ssize_t)loc->n_line - 1; k >= 0; k--) {
			pp->names = xgrow(pp->names, &cap, n + 1,
			    sizeof *pp->names);
			f = pprof_find(pp->funcs, pp->p->n_function,
			    loc->line[k]->function_id);
			name = f >= 0 ?
			    pprof_str(pp, pp->p->function[f]->name) : "";
			if (*name == '\0')
				pp->names[n] = pprof_anon(pp, loc);
			else if ((size_t)k + 1 < loc->n_line)
				pp->names[n] = pprof_own(pp,
				    xasprintf("%s_[i]", name));
			else
				pp->names[n] = (struct strv){ name, strlen(name) };
			n++;
		}
		if (loc->n_line == 0) {
			pp->names = xgrow(pp->names, &cap, n + 1,
			    sizeof *pp->names);
			pp->names[n++] = pprof_anon(pp, loc);
		}
		pp->count[i] = n - pp->first[i];
	}
}

/*
 * The frames of sample s, or SIZE_MAX when a location id is unknown; its
 * locations' positions are kept in pp->at for pprof_stack().
 */
static size_t
pprof_nframes(struct pprof *pp, const Perftools__Profiles__Sample *s)
{
	size_t j, n = 0;
	ssize_t k;

	pp->at = xgrow(pp->at, &pp->capat, s->n_location_id + 1,
	    sizeof *pp->at);
	for (j = 0; j < s->n_location_id; j++) {
		if ((k = pprof_find(pp->locs, pp->p->n_location,
		    s->location_id[j])) < 0)
			return SIZE_MAX;
		pp->at[j] = (size_t)k;
		n += pp->count[k];
	}
	return n;
}

/* Write the frames of the sample pprof_nframes() last counted, root first
   (its location ids are leaf first), into frames, sized for them. */
static void
pprof_stack(const struct pprof *pp, const Perftools__Profiles__Sample *s,
    struct strv *frames)
{
	size_t j, k, n = 0;

	for (j = s->n_location_id; j > 0; j--) {
		k = pp->at[j - 1];
		memcpy(frames + n, pp->names + pp->first[k],
		    pp->count[k] * sizeof *frames);
		n += pp->count[k];
	}
}

/*
 * Which sample type to show: the one called want, else the profile's
 * default, else "cpu", else the first. Returns its index, or -1 with a
 * message in err.
 */
static ssize_t
pprof_pick(struct pprof *pp, const char *want, const char *file, char *err,
    size_t errlen)
{
	const Profile *p = pp->p;
	const char *dflt;
	size_t i, used;

	if (p->n_sample_type == 0) {
		snprintf(err, errlen, "%s: pprof profile has no sample types",
		    file);
		return -1;
	}
	if (want == NULL) {
		/* As pprof: the default type, else the last. */
		dflt = p->default_sample_type != 0 ?
		    pprof_str(pp, p->default_sample_type) : "";
		for (i = 0; i < p->n_sample_type; i++)
			if (strcmp(pprof_str(pp, p->sample_type[i]->type),
			    dflt) == 0)
				return (ssize_t)i;
		return (ssize_t)p->n_sample_type - 1;
	}
	for (i = 0; i < p->n_sample_type; i++)
		if (strcmp(pprof_str(pp, p->sample_type[i]->type), want) == 0)
			return (ssize_t)i;
	used = (size_t)snprintf(err, errlen, "%s: no sample type '%s' in this "
	    "pprof profile; it has:", file, want);
	for (i = 0; i < p->n_sample_type && used < errlen; i++)
		used += (size_t)snprintf(err + used, errlen - used, "%s %s",
		    i > 0 ? "," : "", pprof_str(pp, p->sample_type[i]->type));
	return -1;
}

/* Free what a parse made. */
static void
pprof_free(struct pprof *pp)
{
	size_t i;

	for (i = 0; i < pp->nowned; i++)
		free(pp->owned[i]);
	free(pp->owned);
	free(pp->at);
	free(pp->names);
	free(pp->first);
	free(pp->count);
	free(pp->locs);
	free(pp->funcs);
	free(pp->maps);
	if (pp->p != NULL)
		perftools__profiles__profile__free_unpacked(pp->p, NULL);
}

static int
pprof_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct pprof pp;
	struct sample smp = { .time_ns = -1 };
	struct strv *frames = NULL;
	size_t cap = 0, n, i, len;
	uint64_t badloc = 0, negative = 0, short_ = 0, huge = 0, firstbad = 0;
	uint64_t limit, budget, firsthuge = 0;
	const Perftools__Profiles__Sample *s;
	const char *buf, *unit;
	ssize_t si, k;
	int64_t v;

	memset(&pp, 0, sizeof pp);
	if (reader_slurp(r, READ_MAX_DOC, &buf, &len) < 0)
		return -1;	/* the loader shows r->errmsg */
	pp.p = perftools__profiles__profile__unpack(NULL, len,
	    (const uint8_t *)buf);
	if (pp.p == NULL) {
		snprintf(err, errlen, "%s: malformed pprof profile: the protobuf "
		    "data is truncated or corrupt (%zu bytes%s)", r->name, len,
		    r->compressed ? " after gunzip" : "");
		return -1;
	}
	err[0] = '\0';
	if ((si = pprof_pick(&pp, o->sample_type, r->name, err, errlen)) < 0) {
		pprof_free(&pp);
		return -1;
	}
	if (pp.p->n_sample_type > 1) {
		char others[256];
		size_t used = 0;

		others[0] = '\0';
		for (i = 0; i < pp.p->n_sample_type && used < sizeof others;
		    i++)
			if ((ssize_t)i != si)
				used += (size_t)snprintf(others + used,
				    sizeof others - used, "%s%s", used ? ", " : "",
				    pprof_str(&pp, pp.p->sample_type[i]->type));
		diag_note(d, "pprof sample type %s (%s) shown; the profile also "
		    "has %s (see --sample-type)", pprof_str(&pp,
		    pp.p->sample_type[si]->type),
		    pprof_str(&pp, pp.p->sample_type[si]->unit), others);
	}
	pprof_index(&pp);
	pprof_frames(&pp);
	limit = budget = (uint64_t)len * PPROF_FRAMES_PER_BYTE +
	    PPROF_FRAMES_FREE;
	/* "count" is samples; nanoseconds, bytes and the like are not. */
	k = pp.p->sample_type[si]->unit;
	unit = k > 0 && (size_t)k < pp.p->n_string_table ?
	    pp.p->string_table[k] : "";
	if (strcmp(unit, "count") != 0 && strlen(unit) <= 32)
		sink_unit(sink, unit);

	for (i = 0; i < pp.p->n_sample; i++) {
		s = pp.p->sample[i];
		if ((size_t)si >= s->n_value) {
			if (short_++ == 0 && firstbad == 0)
				firstbad = i + 1;
			continue;
		}
		if ((v = s->value[si]) == 0)
			continue;
		if (v < 0) {
			if (negative++ == 0 && firstbad == 0)
				firstbad = i + 1;
			continue;
		}
		if ((n = pprof_nframes(&pp, s)) == SIZE_MAX) {
			if (badloc++ == 0 && firstbad == 0)
				firstbad = i + 1;
			continue;
		}
		if (n > budget) {
			if (huge++ == 0)
				firsthuge = i + 1;
			continue;
		}
		budget -= n;
		frames = xgrow(frames, &cap, n, sizeof *frames);
		pprof_stack(&pp, s, frames);
		smp.frames = frames;
		smp.nframes = n;
		smp.count = (uint64_t)v;
		sink->stack(sink->ctx, &smp);
	}
	if (badloc + negative + short_ > 0)
		diag_note(d, "%" PRIu64 " pprof samples skipped (%" PRIu64
		    " with an unknown location id, %" PRIu64 " with a negative "
		    "value, %" PRIu64 " with too few values; the first is sample "
		    "%" PRIu64 ")", badloc + negative + short_, badloc, negative,
		    short_, firstbad);
	if (huge > 0)
		diag_note(d, "%" PRIu64 " pprof samples skipped: their stacks "
		    "would take the profile past %" PRIu64 " frames, %d per "
		    "byte of it (locations repeated, with many lines each); the "
		    "first is sample %" PRIu64, huge, limit,
		    PPROF_FRAMES_PER_BYTE, firsthuge);
	if (pp.badstring)
		diag_note(d, "string index out of range in the pprof profile: "
		    "some names are empty");
	free(frames);
	pprof_free(&pp);
	return 0;
}

const struct format fmt_pprof = {
	.name = "pprof",
	.desc = "pprof profile.proto, gzip'd or not (Go, pyroscope, parca)",
	.producer =
	    "go test -cpuprofile cpu.pb.gz (or runtime/pprof, pyroscope, parca)",
	.probe = pprof_probe,
	.parse = pprof_parse,
};
