/*
 * diag.c: what went wrong while reading, counted and worded for the user
 * (diag.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

/* Add a finished message. */
static void
diag_push(struct diag *d, char *msg)
{
	d->msgs = xgrow(d->msgs, &d->capmsgs, d->nmsgs + 1, sizeof *d->msgs);
	d->msgs[d->nmsgs++] = msg;
}

void
diag_begin(struct diag *d, const char *file)
{
	d->file = file;
	d->bad = 0;
	d->firstline = 0;
	d->first[0] = '\0';
}

void
diag_bad(struct diag *d, uint64_t line, const char *fmt, ...)
{
	va_list ap;

	if (d->bad++ > 0)
		return;
	d->firstline = line;
	va_start(ap, fmt);
	vsnprintf(d->first, sizeof d->first, fmt, ap);
	va_end(ap);
}

void
diag_push_error(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	diag_push(d, xstrdup(buf));
}

void
diag_note(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	diag_push(d, xasprintf("%s: %s", d->file ? d->file : "", buf));
}

void
diag_tally(struct diag *d, uint64_t line, const char *what)
{
	size_t i;

	for (i = 0; i < d->ntallies; i++) {
		if (d->tallies[i].what == what) {
			d->tallies[i].n++;
			return;
		}
	}
	d->tallies = xgrow(d->tallies, &d->captallies, d->ntallies + 1,
	    sizeof *d->tallies);
	d->tallies[d->ntallies++] = (struct diag_tally){ what, 1, line };
}

void
diag_merge(struct diag *d, struct diag *part)
{
	size_t i, k;

	if (part->bad > 0 && d->bad == 0) {
		d->firstline = part->firstline;
		memcpy(d->first, part->first, sizeof d->first);
	}
	d->bad += part->bad;
	for (k = 0; k < part->ntallies; k++) {
		for (i = 0; i < d->ntallies; i++)
			if (d->tallies[i].what == part->tallies[k].what)
				break;
		if (i < d->ntallies)
			d->tallies[i].n += part->tallies[k].n;
		else {
			d->tallies = xgrow(d->tallies, &d->captallies,
			    d->ntallies + 1, sizeof *d->tallies);
			d->tallies[d->ntallies++] = part->tallies[k];
		}
	}
	for (i = 0; i < part->nmsgs; i++)
		diag_push(d, part->msgs[i]);
	part->nmsgs = 0;
	diag_free(part);
}

void
diag_end(struct diag *d)
{
	size_t i;

	for (i = 0; i < d->ntallies; i++)
		diag_push(d, xasprintf("%s:%llu: %s (%llu line%s)", d->file,
		    (unsigned long long)d->tallies[i].first, d->tallies[i].what,
		    (unsigned long long)d->tallies[i].n,
		    d->tallies[i].n == 1 ? "" : "s"));
	d->ntallies = 0;
	if (d->bad == 0)
		return;
	if (d->bad == 1)
		diag_push(d, xasprintf("%s:%llu: %s (1 line ignored)", d->file,
		    (unsigned long long)d->firstline, d->first));
	else
		diag_push(d, xasprintf("%s:%llu: %s (%llu lines ignored, this "
		    "is the first)", d->file, (unsigned long long)d->firstline,
		    d->first, (unsigned long long)d->bad));
	d->bad = 0;
}

void
diag_print(const struct diag *d, FILE *f)
{
	size_t i;

	for (i = 0; i < d->nmsgs; i++)
		util_say(f, d->msgs[i]);
}

void
diag_free(struct diag *d)
{
	size_t i;

	for (i = 0; i < d->nmsgs; i++)
		free(d->msgs[i]);
	free(d->msgs);
	free(d->tallies);
	memset(d, 0, sizeof *d);
}
