/*
 * formats.c: the table of input formats, and detection of an input's
 * format by asking each format's probe.
 *
 * The table is kept apart from detect.c, whose helpers the formats
 * themselves call, so that no format depends on the file that lists it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "formats.h"

const struct format *const formats[] = {
	&fmt_perf,
	&fmt_perf_data,
	&fmt_dtrace,
	&fmt_stap,
	&fmt_pmc,
	&fmt_bpftrace,
	&fmt_pprof,
	&fmt_gdb,
	&fmt_eustack,
	&fmt_jstack,
	&fmt_sample,
	&fmt_vtune,
	&fmt_cpuprofile,
	&fmt_chrome_trace,
	&fmt_perf_sched,
	&fmt_folded,
	NULL
};

const struct format *
format_find(const char *name)
{
	size_t i;

	for (i = 0; formats[i] != NULL; i++)
		if (strcmp(formats[i]->name, name) == 0)
			return formats[i];
	return NULL;
}

const struct format *
format_detect(const char *buf, size_t len)
{
	const struct format *best = NULL;
	int score, top = 0;
	size_t i;

	for (i = 0; formats[i] != NULL; i++) {
		score = formats[i]->probe(buf, len);
		if (score > top) {
			top = score;
			best = formats[i];
		}
	}
	return best;
}

const char *
format_names(void)
{
	static char buf[256];
	size_t i;

	if (buf[0] != '\0')
		return buf;
	for (i = 0; formats[i] != NULL; i++) {
		if (i > 0)
			strcat(buf, ", ");
		strcat(buf, formats[i]->name);
	}
	return buf;
}

static const char *const frames_names_v[FRAMES_COUNT] = {
	"function", "dso", "function+dso", "address", "line"
};

const char *
frames_name(enum frames_level level)
{
	return frames_names_v[level];
}

int
frames_find(const char *name)
{
	int i;

	for (i = 0; i < FRAMES_COUNT; i++)
		if (strcmp(frames_names_v[i], name) == 0)
			return i;
	return -1;
}

const char *
frames_names(unsigned mask, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < FRAMES_COUNT; i++)
		if (mask & FRAMES_BIT(i) && n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s%s",
			    n > 0 ? ", " : "", frames_names_v[i]);
	return buf;
}
