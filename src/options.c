/*
 * options.c: the command line, read into a struct options (options.h), and
 * the rules between options. --help is here, beside the table it tells of.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "keys.h"
#include "options.h"
#include "palette.h"
#include "timeline.h"

enum {
	OPT_FOLD = 256, OPT_PID, OPT_TID, OPT_KERNEL, OPT_JIT, OPT_ALL,
	OPT_ADDRS, OPT_FRAMES, OPT_EVENT, OPT_OFFSET, OPT_REVERSE, OPT_FOCUS, OPT_IGNORE,
	OPT_HIDE, OPT_NODEFRACTION,
	OPT_RECURSION, OPT_LIST_FORMATS, OPT_THREAD_STATE, OPT_GZRATIO,
	OPT_SAMPLE_TYPE,
	OPT_SVG, OPT_TITLE, OPT_SUBTITLE, OPT_COUNTNAME, OPT_NAMETYPE,
	OPT_NOTES, OPT_WIDTH, OPT_HEIGHT, OPT_MINWIDTH, OPT_FONTTYPE,
	OPT_FONTSIZE, OPT_FONTWIDTH, OPT_COLORS, OPT_BGCOLORS, OPT_HASH,
	OPT_INVERTED, OPT_FLAMECHART, OPT_NEGATE, OPT_MAXDEPTH,
	OPT_PALETTE, OPT_NO_COLOR, OPT_ICICLE, OPT_LIST_KEYS,
	OPT_THREADS, OPT_TOP, OPT_CALLERS,
	OPT_HEATMAP, OPT_BUCKETS, OPT_TIME_RANGE, OPT_INCLUDE_IDLE,
	OPT_DIFF, OPT_NORMALIZE, OPT_DIFF_COLOR, OPT_CPI,
	OPT_WIDTHS, OPT_SAMPLES, OPT_TIMEOUT, OPT_INSECURE, OPT_BY_FILE,
};

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "fold", no_argument, NULL, OPT_FOLD },
	{ "pid", no_argument, NULL, OPT_PID },
	{ "tid", no_argument, NULL, OPT_TID },
	{ "kernel", no_argument, NULL, OPT_KERNEL },
	{ "jit", no_argument, NULL, OPT_JIT },
	{ "all", no_argument, NULL, OPT_ALL },
	{ "addrs", no_argument, NULL, OPT_ADDRS },
	{ "frames", required_argument, NULL, OPT_FRAMES },
	{ "event-filter", required_argument, NULL, OPT_EVENT },
	{ "include-offset", no_argument, NULL, OPT_OFFSET },
	{ "reverse", no_argument, NULL, OPT_REVERSE },
	{ "focus", required_argument, NULL, OPT_FOCUS },
	{ "ignore", required_argument, NULL, OPT_IGNORE },
	{ "hide", required_argument, NULL, OPT_HIDE },
	{ "nodefraction", required_argument, NULL, OPT_NODEFRACTION },
	{ "collapse-recursion", no_argument, NULL, OPT_RECURSION },
	{ "callers", required_argument, NULL, OPT_CALLERS },
	{ "top", no_argument, NULL, OPT_TOP },
	{ "list-formats", no_argument, NULL, OPT_LIST_FORMATS },
	{ "thread-state", required_argument, NULL, OPT_THREAD_STATE },
	{ "gzip-ratio", required_argument, NULL, OPT_GZRATIO },
	{ "sample-type", required_argument, NULL, OPT_SAMPLE_TYPE },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "subtitle", required_argument, NULL, OPT_SUBTITLE },
	{ "countname", required_argument, NULL, OPT_COUNTNAME },
	{ "nametype", required_argument, NULL, OPT_NAMETYPE },
	{ "notes", required_argument, NULL, OPT_NOTES },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "height", required_argument, NULL, OPT_HEIGHT },
	{ "minwidth", required_argument, NULL, OPT_MINWIDTH },
	{ "fonttype", required_argument, NULL, OPT_FONTTYPE },
	{ "fontsize", required_argument, NULL, OPT_FONTSIZE },
	{ "fontwidth", required_argument, NULL, OPT_FONTWIDTH },
	{ "colors", required_argument, NULL, OPT_COLORS },
	{ "bgcolors", required_argument, NULL, OPT_BGCOLORS },
	{ "hash", no_argument, NULL, OPT_HASH },
	{ "inverted", no_argument, NULL, OPT_INVERTED },
	{ "flamechart", no_argument, NULL, OPT_FLAMECHART },
	{ "negate", no_argument, NULL, OPT_NEGATE },
	{ "maxdepth", required_argument, NULL, OPT_MAXDEPTH },
	{ "palette", required_argument, NULL, OPT_PALETTE },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "icicle", no_argument, NULL, OPT_ICICLE },
	{ "list-keys", no_argument, NULL, OPT_LIST_KEYS },
	{ "threads", required_argument, NULL, OPT_THREADS },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "insecure", no_argument, NULL, OPT_INSECURE },
	{ "by-file", no_argument, NULL, OPT_BY_FILE },
	{ "heatmap", no_argument, NULL, OPT_HEATMAP },
	{ "buckets", required_argument, NULL, OPT_BUCKETS },
	{ "time-range", required_argument, NULL, OPT_TIME_RANGE },
	{ "include-idle", no_argument, NULL, OPT_INCLUDE_IDLE },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "cpi", no_argument, NULL, OPT_CPI },
	{ "normalize", no_argument, NULL, OPT_NORMALIZE },
	{ "diff-color", required_argument, NULL, OPT_DIFF_COLOR },
	{ "widths", required_argument, NULL, OPT_WIDTHS },
	{ "samples", no_argument, NULL, OPT_SAMPLES },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Print --help's first part: what it does, and the input options. */
static void
options_usage_input(FILE *f)
{
	fprintf(f,
"Usage: %s [OPTION]... [FILE]...\n"
"  or:  %s record [OPTION]... [-- COMMAND [ARG]...]\n"
"  or:  %s top [OPTION]... [-- COMMAND [ARG]...]\n"
"Explore a profile's stacks as an interactive flame graph in the terminal.\n"
"\n"
"Reads each FILE (or standard input, when FILE is - or absent and input is\n"
"not a terminal), detects its format, and merges every stack into one call\n"
"tree. gzip-compressed input is read transparently. A FILE that is an\n"
"http:// or https:// URL is fetched, as Go's /debug/pprof/profile?seconds=N\n"
"(see --list-formats).\n"
"\n"
"Input:\n"
"  -f, --format=NAME      read input as NAME instead of detecting it\n"
"      --pid              perf: root each stack at its process, comm-PID\n"
"                         (eu-stack: PID=N)\n"
"      --tid              perf: root each stack at its thread, comm-PID/TID\n"
"                         (eu-stack: TID=N; perf-sched: comm-PID)\n"
"      --kernel           perf: mark kernel frames with _[k]\n"
"      --jit              perf: mark JIT frames (/tmp/perf-N.map) with _[j]\n"
"      --all              perf: both --kernel and --jit\n"
"      --addrs            perf, bpftrace: keep the address of unresolved\n"
"                         frames\n"
"      --frames=LEVEL     name frames by function (the default), dso (the\n"
"                         library or executable), function+dso, address\n"
"                         (function+0xOFFSET) or line (file.c:LINE); perf\n"
"                         and perf.data input give them all (line: perf\n"
"                         script -F +srcline, or DWARF in perf.data)\n"
"      --event-filter=EVENT  perf: keep samples of EVENT (default: the\n"
"                         first event in the input)\n"
"      --cpi              a CPI flame graph of perf input with cycles and\n"
"                         instructions (perf record -e cycles,instructions\n"
"                         -g), or of folded \"stack CYCLES INSTRUCTIONS\"\n"
"                         lines: widths by cycles, blue where cycles per\n"
"                         instruction are low, red where high; --fold\n"
"                         writes \"stack CYCLES INSTRUCTIONS\" lines\n"
"      --include-offset   dtrace, bpftrace: keep offsets in frame names\n"
"      --thread-state=STATE  jstack: keep threads in STATE (default RUNNABLE),\n"
"                         or all threads with 'all'\n"
"      --collapse-recursion  merge direct recursion (f;f;f becomes f), for\n"
"                         every format\n"
"      --list-formats     list the input formats, each with the command that\n"
"                         writes it, and exit\n"
"      --gzip-ratio=N     stop reading gzip input that expands more than N\n"
"                         times past its first 64 MiB, or past 64 GiB\n"
"                         (default 200, 0 for no limit)\n"
"      --sample-type=NAME pprof: show the values of sample type NAME (default:\n"
"                         the profile's default type, else cpu, else the\n"
"                         first); chrome-trace: samples (the default when\n"
"                         the trace has V8 samples) or events (durations)\n"
"      --threads=N        parse with N threads (default: one per core, at\n"
"                         most 16); 1 reads each file in one piece\n"
"      --by-file          root each input's stacks at a frame named after it\n"
"                         (its name, or a URL's host:port), to compare inputs\n"
"                         side by side (parsed with one thread)\n"
"      --timeout=S        URLs: give up after S seconds (default: the\n"
"                         URL's seconds=N plus 30)\n"
"      --insecure         https:// URLs: do not check the server's\n"
"                         certificate\n", PROGNAME, PROGNAME,
	    PROGNAME);
}

/* Print --help's options for the views and the outputs but the SVG. */
static void
options_usage_views(FILE *f)
{
	fputs(
"\n"
"Views (for the graph, --fold and every other output):\n"
"      --reverse          merge stacks from the leaf: the hottest functions\n"
"                         at the root, their callers above them\n"
"      --focus=REGEX      keep only stacks through a frame matching REGEX,\n"
"                         re-rooted at the outermost match\n"
"      --ignore=REGEX     drop every stack with a frame matching REGEX\n"
"      --hide=REGEX       drop the frames matching REGEX from every stack\n"
"      --nodefraction=F   fold blocks under F of the total (0.01, or 1%)\n"
"                         into their parent\n"
"      --callers=NAME     the callers of function NAME, merged from it (stacks\n"
"                         through it, cut after it, reversed); the viewer\n"
"                         starts on NAME's callers and callees\n"
"      --flamechart       keep the input's order: a stack merges only with the\n"
"                         one before it (a flame chart, x is time; not with\n"
"                         the options above nor --collapse-recursion);\n"
"                         samples with timestamps go in time order\n"
"      --time-range=START-END  keep the samples from START to before END,\n"
"                         seconds (fractional) from the first sample; for\n"
"                         input with timestamps, such as perf script's\n"
"      --diff             two files, BEFORE AFTER: a differential profile,\n"
"                         AFTER's widths, red where the frame grew and blue\n"
"                         where it shrank (see --diff-color); --fold writes\n"
"                         \"stack BEFORE AFTER\" lines, as difffolded.pl\n"
"      --normalize        --diff: scale BEFORE's counts to AFTER's total\n"
"                         (difffolded.pl -n)\n"
"      --diff-color=RULE  differential input, the viewer and the SVG: what red\n"
"                         and blue say. self (the default, flamegraph.pl's):\n"
"                         the change of the stacks ending in the frame; share:\n"
"                         the change of the frame's share of the whole, the\n"
"                         stacks through it included\n"
"      --widths=SIDE      differential input (--diff, or \"stack BEFORE AFTER\"\n"
"                         lines): size frames by after (the default) or by\n"
"                         before, where the stacks gone from AFTER are drawn\n"
"                         (blue); --fold then writes \"stack AFTER BEFORE\"\n"
"      --samples          perf: count samples, not the periods that weigh\n"
"                         them (cpu-clock's nanoseconds, cycles, ...)\n"
"      --include-idle     keep the kernel's idle samples (a frame cpu_idle,\n"
"                         intel_idle, do_idle, ... or a swapper root) in the\n"
"                         heat map and --time-range (default: left out)\n"
"\n"
"Output:\n"
"      --fold             write the merged stacks as folded lines to standard\n"
"                         output, sorted as the FlameGraph collapsers sort them\n"
"                         (with --flamechart: in the chart's order)\n"
"      --svg=FILE         write an interactive SVG flame graph to FILE (- for\n"
"                         standard output) instead of starting the viewer\n"
"      --top              write every function's self and total samples to\n"
"                         standard output, largest total first (pprof -top)\n", f);
}

/* Print --help's options of the SVG and of the interactive view. */
static void
options_usage_svg(FILE *f)
{
	fprintf(f,
"\n"
"SVG (flamegraph.pl's options):\n"
"      --title=TEXT       title (default \"Flame Graph\", \"Icicle Graph\" or\n"
"                         \"Flame Chart\")\n"
"      --subtitle=TEXT    second title line, below the title\n"
"      --countname=TEXT   what a count is (default \"samples\", or the\n"
"                         input's unit, as pprof's \"nanoseconds\")\n"
"      --nametype=TEXT    what a name is, shown before the hovered frame\n"
"                         (default \"Function:\")\n"
"      --notes=TEXT       a note kept in a comment in the file\n"
"      --width=N          image width in pixels (default 1200)\n"
"      --height=N         height of a frame in pixels (default 16)\n"
"      --minwidth=N[%%]    leave out frames narrower than N pixels, or than N%%\n"
"                         of the whole (default 0.1 pixels)\n"
"      --fonttype=FONT    font family (default \"Verdana\")\n"
"      --fontsize=N       font size (default 12)\n"
"      --fontwidth=N      average glyph width as a share of the size, to fit\n"
"                         labels (default 0.59)\n"
"      --colors=PALETTE   frame colours (default hot): hot, mem, io, wakeup,\n"
"                         chain, java, js, perl, python, red, green, blue,\n"
"                         aqua, yellow, purple, orange\n"
"      --bgcolors=COLOR   background: yellow, blue, green, grey or #rrggbb\n"
"                         (default: to suit the palette)\n"
"      --hash             colour by a hash of the name, the same on every run\n"
"                         (default: at random, as flamegraph.pl)\n"
"      --inverted         icicle graph: the root at the top\n"
"      --negate           differential input: swap the red and blue hues\n"
"      --maxdepth=N       leave out frames more than N levels above the root,\n"
"                         with a note (default %d; 0: no limit), so that an\n"
"                         endless recursion still gives a file a browser opens\n"
"\n"
"Interactive view (the default when no output is asked for):\n"
"      --palette=NAME     colour frames with flamegraph.pl's palette NAME\n"
"                         (default: hot)\n"
"      --no-color         monochrome, as when NO_COLOR is set\n"
"      --icicle           start with the root at the top\n"
"      --list-keys        list the keys of the interactive view and exit\n"
"      --heatmap          open on the sub-second heat map (key m): a column a\n"
"                         second, a row a sub-second bucket\n"
"      --buckets=N        buckets a second in the heat map (default 50: 20 ms)\n"
"\n"
"  -h, --help             display this help and exit\n"
"  -V, --version          output version information and exit\n"
"\n"
"Formats:\n", SVG_MAXDEPTH);
}

/* Print --help. */
static void
options_usage(FILE *f)
{
	size_t i;

	options_usage_input(f);
	options_usage_views(f);
	options_usage_svg(f);
	for (i = 0; formats[i] != NULL; i++)
		fprintf(f, "  %-12s %s\n", formats[i]->name, formats[i]->desc);
	fprintf(f, "\nPalettes: %s\n", palette_names());
	fprintf(f,
"\n"
"Exit status: 0 when stacks were read, 1 when nothing usable was read,\n"
"2 on a usage error or a fatal error, 130 when loading was cancelled.\n"
"\n"
"See flametui(1) for the keys of the interactive view, and\n"
"'%s record --help' for recording a profile with perf, and\n"
"'%s top --help' for a live flame graph.\n", PROGNAME, PROGNAME);
}

/* Print --list-formats: each format and the command that produces it. */
static void
options_list_formats(void)
{
	size_t i;

	for (i = 0; formats[i] != NULL; i++) {
		printf("%-11s %s\n", formats[i]->name, formats[i]->desc);
		if (formats[i]->producer != NULL)
			printf("%-11s   $ %s\n", "", formats[i]->producer);
	}
	fputs("\n"
"  Any of them from an http:// or https:// URL, as Go's net/http/pprof serves:\n"
"    http://HOST:PORT/debug/pprof/profile?seconds=N  CPU, N seconds (default 30)\n"
"    http://HOST:PORT/debug/pprof/heap       memory (--sample-type=inuse_space,\n"
"                           inuse_objects, alloc_space, alloc_objects)\n"
"    http://HOST:PORT/debug/pprof/allocs     memory allocated, as heap\n"
"    http://HOST:PORT/debug/pprof/block      time blocked on synchronisation\n"
"    http://HOST:PORT/debug/pprof/mutex      time waiting on contended mutexes\n"
"    http://HOST:PORT/debug/pprof/goroutine  the stacks of every goroutine\n",
	    stdout);
}

/* Print --version. */
static void
options_version(void)
{
	printf("%s %s\n"
	    "License: ISC <https://opensource.org/licenses/ISC>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PROGNAME, PACKAGE_VERSION);
}


/* How a number option's value is read, and what its message asks for. */
enum options_num {
	NUM_REAL,		/* a number from min to max */
	NUM_PCT,		/* the same, or a percentage "N%" */
	NUM_FRACTION,		/* from 0 to below 1, or a percentage */
	NUM_WHOLE,		/* a whole number from min to max */
};

/*
 * Read arg, the value of --opt, as kind into *v. Returns 0, or -1 after a
 * message. *pct says whether it ended in "%" (NUM_PCT); a fraction's is
 * taken off, so that *v is from 0 to 1.
 */
static int
options_number(const char *opt, const char *arg, enum options_num kind,
    double min, double max, double *v, int *pct)
{
	char *end;
	int ok, percent;

	errno = 0;
	if (kind == NUM_WHOLE)
		*v = (double)strtoull(arg, &end, 10);
	else
		*v = strtod(arg, &end);
	ok = end != arg && errno == 0;
	percent = ok && (kind == NUM_PCT || kind == NUM_FRACTION) &&
	    *end == '%' && end[1] == '\0';
	if (percent)
		end++;
	if (percent && kind == NUM_FRACTION)
		*v /= 100.0;
	if (pct != NULL)
		*pct = percent;
	ok = ok && *end == '\0' && *v >= min &&
	    (kind == NUM_FRACTION ? *v < max : *v <= max) &&
	    (kind != NUM_WHOLE || arg[0] != '-');
	if (ok)
		return 0;
	if (kind == NUM_WHOLE && min > 0)
		fprintf(stderr, "%s: --%s wants a number from %.10g, not '%s'\n",
		    PROGNAME, opt, min, arg);
	else if (kind == NUM_WHOLE)
		fprintf(stderr, "%s: --%s wants a number, not '%s'\n", PROGNAME,
		    opt, arg);
	else if (kind == NUM_FRACTION)
		fprintf(stderr, "%s: --%s: '%s' is not a fraction from 0 to 1, "
		    "nor a percentage such as 1%%\n", PROGNAME, opt, arg);
	else
		fprintf(stderr, "%s: --%s: '%s' is not a number from %.10g to "
		    "%.10g%s\n", PROGNAME, opt, arg, min, max,
		    kind == NUM_PCT ? " (or a percentage)" : "");
	return -1;
}

/*
 * Take an input option c with its argument arg. Returns 0, 1 when c is not
 * one, or -1 after a message.
 */
static int
options_input(struct options *o, int c, const char *arg)
{
	char buf[128];
	double v;

	switch (c) {
	case 'f':
		if ((o->format = format_find(arg)) != NULL)
			return 0;
		fprintf(stderr, "%s: unknown format '%s'; known formats: %s\n",
		    PROGNAME, arg, format_names());
		return -1;
	case OPT_PID: o->parse.pid = 1; return 0;
	case OPT_TID: o->parse.tid = 1; return 0;
	case OPT_KERNEL: o->parse.kernel = 1; return 0;
	case OPT_JIT: o->parse.jit = 1; return 0;
	case OPT_ALL: o->parse.kernel = o->parse.jit = 1; return 0;
	case OPT_ADDRS: o->parse.addrs = 1; return 0;
	case OPT_FRAMES:
		if ((v = frames_find(arg)) >= 0) {
			o->parse.frames = (enum frames_level)v;
			return 0;
		}
		fprintf(stderr, "%s: unknown frame level '%s'; known levels: "
		    "%s\n", PROGNAME, arg, frames_names(FRAMES_ALL, buf,
		    sizeof buf));
		return -1;
	case OPT_EVENT: o->parse.event = arg; return 0;
	case OPT_CPI: o->parse.cpi = 1; return 0;
	case OPT_OFFSET: o->parse.include_offset = 1; return 0;
	case OPT_THREAD_STATE: o->parse.thread_state = arg; return 0;
	case OPT_SAMPLE_TYPE: o->parse.sample_type = arg; return 0;
	case OPT_GZRATIO:
		if (options_number("gzip-ratio", arg, NUM_WHOLE, 0,
		    (double)UINT64_MAX, &v, NULL) < 0)
			return -1;
		o->gzip_ratio = v == 0 || v >= (double)UINT64_MAX ?
		    UINT64_MAX : (uint64_t)v;
		return 0;
	case OPT_INSECURE: o->insecure = 1; return 0;
	case OPT_BY_FILE: o->by_file = 1; return 0;
	case OPT_TIMEOUT:
		return options_number("timeout", arg, NUM_REAL, 0.001, 1e6,
		    &o->timeout, NULL);
	case OPT_THREADS:
		if (options_number("threads", arg, NUM_WHOLE, 1, 1024, &v,
		    NULL) < 0)
			return -1;
		o->threads = (int)v;
		return 0;
	}
	return 1;
}

/*
 * Take an option of the views with its argument arg. Returns 0, 1 when c
 * is not one, or -1 after a message.
 */
static int
options_views(struct options *o, int c, char *arg)
{
	struct vstate *init = &o->tui.init;
	double v;
	int r;

	switch (c) {
	case OPT_REVERSE: init->reverse = 1; return 0;
	case OPT_FOCUS: init->focus = arg; return 0;
	case OPT_IGNORE: init->ignore = arg; return 0;
	case OPT_HIDE: init->hide = arg; return 0;
	case OPT_RECURSION: init->recursion = 1; return 0;
	case OPT_NODEFRACTION:
		if (options_number("nodefraction", arg, NUM_FRACTION, 0, 1, &v,
		    NULL) < 0)
			return -1;
		init->prune = v * 100.0;
		return 0;
	case OPT_CALLERS:
		init->func = arg;
		init->mode = MODE_SANDWICH;
		return 0;
	case OPT_FLAMECHART: o->flamechart = o->svg.flamechart = 1; return 0;
	case OPT_DIFF: o->diff = 1; return 0;
	case OPT_NORMALIZE: o->normalize = 1; return 0;
	case OPT_DIFF_COLOR:
		if ((r = diff_color_find(arg)) < 0) {
			fprintf(stderr, "%s: --diff-color wants self or share, "
			    "not '%s'\n", PROGNAME, arg);
			return -1;
		}
		o->svg.diffcolor = init->color = (enum diff_color)r;
		return 0;
	case OPT_INCLUDE_IDLE: o->tui.include_idle = 1; return 0;
	case OPT_TIME_RANGE:
		if (timeline_parse_range(arg, &o->range_from,
		    &o->range_to) != 0) {
			fprintf(stderr, "%s: --time-range wants START-END, "
			    "seconds from the first sample with START before "
			    "END, not '%s'\n", PROGNAME, arg);
			return -1;
		}
		o->haverange = 1;
		return 0;
	case OPT_WIDTHS:
		if (strcmp(arg, "before") != 0 && strcmp(arg, "after") != 0) {
			fprintf(stderr, "%s: --widths wants before or after, "
			    "not '%s'\n", PROGNAME, arg);
			return -1;
		}
		o->widths_before = strcmp(arg, "before") == 0;
		return 0;
	case OPT_SAMPLES:
		o->samples = 1;
		return 0;
	}
	return 1;
}

/* Read a palette's name for --opt into *pal; -1 after a message. */
static int
options_palette(const char *arg, enum palette *pal)
{
	int i;

	if ((i = palette_find(arg)) < 0) {
		fprintf(stderr, "%s: unknown palette '%s'; known palettes: %s\n",
		    PROGNAME, arg, palette_names());
		return -1;
	}
	*pal = (enum palette)i;
	return 0;
}

/*
 * Take an option of the SVG with its argument arg. Returns 0, 1 when c is
 * not one, or -1 after a message.
 */
static int
options_svg(struct svg_opts *so, int c, const char *arg)
{
	char err[512];
	double v;
	int r = 0;

	switch (c) {
	case OPT_TITLE: so->title = arg; return 0;
	case OPT_SUBTITLE: so->subtitle = arg; return 0;
	case OPT_COUNTNAME: so->countname = arg; return 0;
	case OPT_NAMETYPE: so->nametype = arg; return 0;
	case OPT_NOTES: so->notes = arg; return 0;
	case OPT_FONTTYPE: so->fonttype = arg; return 0;
	case OPT_HASH: so->hash = 1; return 0;
	case OPT_INVERTED: so->inverted = 1; return 0;
	case OPT_NEGATE: so->negate = 1; return 0;
	case OPT_COLORS: return options_palette(arg, &so->palette);
	case OPT_BGCOLORS:
		if (svg_check_bgcolors(arg, err, sizeof err) != 0) {
			fprintf(stderr, "%s: %s\n", PROGNAME, err);
			return -1;
		}
		so->bgcolors = arg;
		return 0;
	case OPT_WIDTH:
		r = options_number("width", arg, NUM_REAL, 100, 1000000, &v,
		    NULL);
		so->width = (int)v;
		break;
	case OPT_HEIGHT:
		r = options_number("height", arg, NUM_REAL, 2, 1000, &v, NULL);
		so->frameheight = (int)v;
		break;
	case OPT_MINWIDTH:
		r = options_number("minwidth", arg, NUM_PCT, 0, 1000000,
		    &so->minwidth, &so->minwidth_pct);
		break;
	case OPT_FONTSIZE:
		r = options_number("fontsize", arg, NUM_REAL, 1, 1000,
		    &so->fontsize, NULL);
		break;
	case OPT_FONTWIDTH:
		r = options_number("fontwidth", arg, NUM_REAL, 0.01, 10,
		    &so->fontwidth, NULL);
		break;
	case OPT_MAXDEPTH:
		r = options_number("maxdepth", arg, NUM_REAL, 0, UINT32_MAX,
		    &v, NULL);
		so->maxdepth = (uint32_t)v;
		break;
	default:
		return 1;
	}
	return r;
}

/*
 * Take an option of the interactive view with its argument arg. Returns
 * 0, 1 when c is not one, or -1 after a message.
 */
static int
options_viewer(struct tui_opts *to, int c, const char *arg)
{
	double v;

	switch (c) {
	case OPT_PALETTE: return options_palette(arg, &to->pal);
	case OPT_NO_COLOR: to->no_color = 1; return 0;
	case OPT_ICICLE: to->icicle = 1; return 0;
	case OPT_HEATMAP: to->heatmap = 1; return 0;
	case OPT_BUCKETS:
		if (options_number("buckets", arg, NUM_REAL, 1, 1000, &v,
		    NULL) < 0)
			return -1;
		to->nbuckets = (int)v;
		return 0;
	}
	return 1;
}

int
options_parse(struct options *o, int argc, char **argv)
{
	int c, r;

	memset(o, 0, sizeof *o);
	svg_defaults(&o->svg);
	tui_defaults(&o->tui);
	while ((c = getopt_long(argc, argv, "f:hV", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_FOLD: o->fold = 1; continue;
		case OPT_TOP: o->top = 1; continue;
		case OPT_SVG: o->svgpath = optarg; continue;
		case OPT_LIST_FORMATS: options_list_formats(); return 0;
		case OPT_LIST_KEYS: keys_list(stdout); return 0;
		case 'h': options_usage(stdout); return 0;
		case 'V': options_version(); return 0;
		case '?':
			fprintf(stderr, "Try '%s --help' for more "
			    "information.\n", PROGNAME);
			return 2;
		}
		if ((r = options_input(o, c, optarg)) == 1 &&
		    (r = options_views(o, c, optarg)) == 1 &&
		    (r = options_svg(&o->svg, c, optarg)) == 1)
			r = options_viewer(&o->tui, c, optarg);
		if (r != 0)
			return 2;
	}
	o->paths = argv + optind;
	o->npaths = argc - optind;
	return -1;
}

/* Do the views ask for anything but the input as it is? */
static int
options_views_active(const struct options *o)
{
	const struct vstate *v = &o->tui.init;

	return v->reverse || v->focus != NULL || v->ignore != NULL ||
	    v->hide != NULL || v->prune > 0 || v->recursion || v->func != NULL;
}

/* Is path the file standard output already writes to? */
static int
options_is_stdout(const char *path)
{
	struct stat a, b;

	return stat(path, &a) == 0 && fstat(STDOUT_FILENO, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The inputs: the files named, else stdin when it is not a terminal. */
static int
options_inputs(struct options *o)
{
	static char *stdin_only[] = { (char *)"-" };
	int i;

	if (o->npaths == 0) {
		if (isatty(STDIN_FILENO)) {
			fprintf(stderr, "%s: no input: give a FILE, or pipe "
			    "stacks in\nTry '%s --help' for more information.\n",
			    PROGNAME, PROGNAME);
			return 2;
		}
		o->paths = stdin_only;
		o->npaths = 1;
	}
	/* "-" on a terminal waits for typed stacks: say so. */
	for (i = 0; i < o->npaths; i++)
		if (strcmp(o->paths[i], "-") == 0 && isatty(STDIN_FILENO)) {
			fprintf(stderr, "%s: reading stacks from the terminal; "
			    "Ctrl-D ends them\n", PROGNAME);
			break;
		}
	return 0;
}

int
options_check(struct options *o)
{
	const struct vstate *v = &o->tui.init;

	if (options_inputs(o) != 0)
		return 2;
	if ((o->diff && o->npaths != 2) || (o->normalize && !o->diff)) {
		fprintf(stderr, "%s: --diff takes two files, BEFORE and AFTER%s\n",
		    PROGNAME, o->normalize && !o->diff ?
		    "; --normalize is for --diff" : "");
		return 2;
	}
	if (o->diff && o->by_file) {
		fprintf(stderr, "%s: --by-file roots each input apart, which "
		    "--diff does not\n", PROGNAME);
		return 2;
	}
	if (o->parse.cpi && (o->diff || o->parse.event != NULL ||
	    o->widths_before || o->flamechart)) {
		fprintf(stderr, "%s: --cpi keeps cycles and instructions, with "
		    "the widths from cycles: not with --diff, --event-filter, "
		    "--widths or --flamechart\n", PROGNAME);
		return 2;
	}
	if (o->svgpath != NULL && o->fold && (strcmp(o->svgpath, "-") == 0 ||
	    options_is_stdout(o->svgpath))) {
		fprintf(stderr, "%s: --fold and --svg=%s both write to standard "
		    "output: give --svg another file\n", PROGNAME, o->svgpath);
		return 2;
	}
	if (v->func != NULL && (v->focus != NULL || v->reverse)) {
		fprintf(stderr, "%s: --callers chooses and reverses the stacks "
		    "itself: not with --focus or --reverse\n", PROGNAME);
		return 2;
	}
	if (o->flamechart && options_views_active(o)) {
		fprintf(stderr, "%s: --flamechart keeps the input's order, which "
		    "--reverse, --focus, --ignore, --hide, --nodefraction, "
		    "--callers and --collapse-recursion do not\n", PROGNAME);
		return 2;
	}
	o->interactive = !o->fold && o->svgpath == NULL && !o->top;
	if (o->haverange && o->interactive) {
		o->tui.range_from = o->range_from;
		o->tui.range_to = o->range_to;
	}
	return 0;
}
