/*
 * profile-unit.c: what a profile's counts are: their unit, the event whose
 * periods weigh them and the samples behind the weights, which can be
 * counted instead; and counts written for people (profile.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "util.h"

void
profile_copy_unit(struct profile *out, const struct profile *in)
{
	profile_set_unit(out, in->unit);
	profile_set_event(out, in->event);
	free(out->wunit);
	out->wunit = in->wunit != NULL ? xstrdup(in->wunit) : NULL;
	out->by_samples = in->by_samples;
}

int
profile_weighted(const struct profile *p)
{
	return p->altself != NULL && p->event != NULL && p->delta == NULL;
}

int
profile_by_samples(struct profile *p, int on)
{
	uint64_t x;
	uint32_t i;
	char *u;

	if (!profile_weighted(p))
		return 0;
	if (p->by_samples == on)
		return 1;
	profile_finish(p);
	for (i = 0; i < p->nnodes; i++) {
		x = p->nodes[i].self;
		p->nodes[i].self = p->altself[i];
		p->altself[i] = x;
		x = p->nodes[i].total;
		p->nodes[i].total = p->alttotal[i];
		p->alttotal[i] = x;
	}
	u = p->unit;
	p->unit = p->wunit;
	p->wunit = u;
	p->by_samples = on;
	return 1;
}

void
profile_drop_samples(struct profile *p)
{
	free(p->altself);
	free(p->alttotal);
	p->altself = p->alttotal = NULL;
}

void
profile_add_samples(struct profile *p, uint32_t node, uint64_t n)
{
	if (p->altself == NULL) {
		p->altself = xcalloc(p->capnodes, sizeof *p->altself);
		p->alttotal = xcalloc(p->capnodes, sizeof *p->alttotal);
	}
	/* No more than the samples of the profile rebuilt: no overflow. */
	p->altself[node] += n;
	p->dirty = 1;
}

char *
profile_fmt(const struct profile *p, uint64_t count, int style, char *buf,
    size_t size)
{
	return num_fmt(count, p->frac, profile_unit(p), style, buf, size);
}

char *
profile_fmt_other(const struct profile *p, uint32_t node, int style,
    char *buf, size_t size)
{
	buf[0] = '\0';
	if (profile_weighted(p))
		num_fmt(p->alttotal[node], p->frac, p->by_samples ? p->wunit :
		    "samples", style | NUM_UNIT, buf, size);
	return buf;
}
