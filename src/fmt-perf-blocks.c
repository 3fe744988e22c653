/*
 * fmt-perf-blocks.c: the `perf script` format's entry in the table: the
 * whole input through one parser (fmt-perf.c), or, for chunk.c, blocks on
 * several threads, each keeping the input's first event, with the counts
 * of kept and skipped samples summed and told once for the whole input.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-perf.h"
#include "formats.h"
#include "util.h"

/* Read every line of r through one perf_parse. */
static int
perf_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct perf_parse pp;
	struct strv line;

	fmt_perf_begin(&pp, o, sink, d);
	while (reader_line(r, &line))
		fmt_perf_line(&pp, line.s, line.len, r->lineno);
	fmt_perf_end(&pp);
	(void)err;
	(void)errlen;
	return 0;
}

/*
 * --cpi gives each sample a BEFORE count, which the parallel reader does
 * not carry: such input is read in one piece.
 */
static int
perf_prepare(const char *buf, size_t len, struct parse_opts *o)
{
	(void)buf;
	(void)len;
	return o->cpi;
}

/* A blank line ends a stack: cut after the last one ("\n\n", "\n\r\n"). */
static size_t
perf_cut(const char *buf, size_t len)
{
	const char *nl = buf + len;

	while ((nl = memrchr(buf, '\n', (size_t)(nl - buf))) != NULL) {
		if (nl > buf && nl[-1] == '\n')
			return (size_t)(nl - buf) + 1;
		if (nl - buf > 1 && nl[-1] == '\r' && nl[-2] == '\n')
			return (size_t)(nl - buf) + 1;
	}
	return 0;
}

/*
 * What a parallel read of one input sums over its blocks: every block keeps
 * the input's first event (or the one asked for), and the counts of kept
 * and skipped samples are told once for the whole input.
 */
struct perf_input {
	const struct parse_opts *opts;
	char *event;		/* the input's first event, NULL when
				   --event-filter chose one or none is known */
	uint64_t kept;		/* the blocks' counts, summed */
	int periods;
	uint64_t nochain, leafonly;
	struct perf_event *skipped;
	size_t nskipped, capskipped;
};

/* A sink that drops every stack. */
static void
perf_sink_none(void *ctx, const struct sample *smp)
{
	(void)ctx;
	(void)smp;
}

/* The state of a parallel read of one input. */
static void *
perf_begin(const struct parse_opts *o)
{
	struct perf_input *in = xcalloc(1, sizeof *in);

	in->opts = o;
	return in;
}

/*
 * The first block names the event every block keeps, as the parser picks
 * it when --event-filter does not name one; -1 when it names none.
 */
static int
perf_block(void *input, const char *buf, size_t len)
{
	struct perf_input *in = input;
	struct sink none = { .stack = perf_sink_none };
	struct perf_parse pp;
	struct diag d;
	struct strv line;
	struct reader *r;

	if (in->opts->event != NULL || in->event != NULL)
		return 0;
	r = reader_mem("", buf, len);
	memset(&d, 0, sizeof d);
	fmt_perf_begin(&pp, in->opts, &none, &d);
	while (pp.event == NULL && reader_line(r, &line))
		fmt_perf_line(&pp, line.s, line.len, r->lineno);
	if (pp.event != NULL)
		in->event = xstrdup(pp.event);
	fmt_perf_end(&pp);
	diag_free(&d);
	reader_close(r);
	return in->event != NULL ? 0 : -1;
}

/*
 * Parse one block with the input's event; its counts of kept and skipped
 * samples go to a part, to be summed and told once for the whole input.
 */
static int
perf_part(const void *input, void **part, struct reader *r,
    const struct parse_opts *o, struct sink *sink, struct diag *d,
    char *err, size_t errlen)
{
	const struct perf_input *in = input;
	struct perf_input *pt = xcalloc(1, sizeof *pt);
	struct perf_parse pp;
	struct strv line;

	fmt_perf_begin(&pp, o, sink, d);
	if (in->event != NULL) {
		pp.event = xstrdup(in->event);
		pp.eventlen = strlen(in->event);
		pp.defaulted = 1;
	}
	while (reader_line(r, &line))
		fmt_perf_line(&pp, line.s, line.len, r->lineno);
	fmt_perf_end_sample(&pp);
	pt->kept = pp.kept;
	pt->periods = pp.periods;
	pt->nochain = pp.nochain;
	pt->leafonly = pp.leafonly;
	pt->skipped = pp.skipped;
	pt->nskipped = pp.nskipped;
	/* No note from a part. */
	pp.nochain = pp.leafonly = 0;
	pp.skipped = NULL;
	pp.nskipped = pp.capskipped = 0;
	pp.defaulted = 1;
	fmt_perf_end(&pp);
	*part = pt;
	(void)err;
	(void)errlen;
	return 0;
}

/* Add a block's event counts to the input's, in order. */
static void
perf_merge(void *input, void *part)
{
	struct perf_input *in = input, *pt = part;
	size_t i, k;

	in->kept += pt->kept;
	in->periods |= pt->periods;
	in->nochain += pt->nochain;
	in->leafonly += pt->leafonly;
	for (k = 0; k < pt->nskipped; k++) {
		for (i = 0; i < in->nskipped; i++)
			if (strcmp(in->skipped[i].name, pt->skipped[k].name) == 0)
				break;
		if (i < in->nskipped) {
			in->skipped[i].samples += pt->skipped[k].samples;
			free(pt->skipped[k].name);
			continue;
		}
		in->skipped = xgrow(in->skipped, &in->capskipped,
		    in->nskipped + 1, sizeof *in->skipped);
		in->skipped[in->nskipped++] = pt->skipped[k];
	}
	free(pt->skipped);
	free(pt);
}

/*
 * The note on events, once for the input, as the parser words it, and the
 * unit of the counts, to sink.
 */
static void
perf_finish(void *input, struct sink *sink, struct diag *d)
{
	struct perf_input *in = input;
	struct perf_parse pp;
	struct sink none = *sink;
	size_t i;

	if (d == NULL) {
		for (i = 0; i < in->nskipped; i++)
			free(in->skipped[i].name);
		free(in->skipped);
		free(in->event);
		free(in);
		return;
	}
	none.stack = perf_sink_none;
	none.joined = NULL;
	fmt_perf_begin(&pp, in->opts, &none, d);
	if (in->event != NULL) {
		free(pp.event);
		pp.event = in->event;
		pp.eventlen = strlen(in->event);
		pp.defaulted = 1;
	}
	pp.kept = in->kept;
	pp.periods = in->periods;
	pp.nochain = in->nochain;
	pp.leafonly = in->leafonly;
	pp.skipped = in->skipped;
	pp.nskipped = in->nskipped;
	pp.capskipped = in->capskipped;
	fmt_perf_end(&pp);
	free(in);
}

const struct format fmt_perf = {
	.name = "perf",
	.desc = "`perf script` output (what stackcollapse-perf.pl reads)",
	.producer = "perf record -g -- COMMAND; perf script > out.perf",
	.probe = fmt_perf_probe,
	.levels = fmt_perf_levels,
	.parse = perf_parse,
	.prepare = perf_prepare,
	.cut = perf_cut,
	.begin = perf_begin,
	.block = perf_block,
	.part = perf_part,
	.merge = perf_merge,
	.finish = perf_finish,
};
