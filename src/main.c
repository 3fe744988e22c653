/*
 * main.c: options, then hand over to the TUI or to a batch writer.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fold.h"
#include "keys.h"
#include "load.h"
#include "match.h"
#include "palette.h"
#include "profile.h"
#include "record.h"
#include "save.h"
#include "diff.h"
#include "svg.h"
#include "top.h"
#include "timeline.h"
#include "transform.h"
#include "tui.h"
#include "util.h"

enum {
	OPT_FOLD = 256, OPT_PID, OPT_TID, OPT_KERNEL, OPT_JIT, OPT_ALL,
	OPT_ADDRS, OPT_EVENT, OPT_OFFSET, OPT_REVERSE, OPT_FOCUS, OPT_IGNORE,
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
	OPT_DIFF, OPT_NORMALIZE,
	OPT_WIDTHS,
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
	{ "heatmap", no_argument, NULL, OPT_HEATMAP },
	{ "buckets", required_argument, NULL, OPT_BUCKETS },
	{ "time-range", required_argument, NULL, OPT_TIME_RANGE },
	{ "include-idle", no_argument, NULL, OPT_INCLUDE_IDLE },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "normalize", no_argument, NULL, OPT_NORMALIZE },
	{ "widths", required_argument, NULL, OPT_WIDTHS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Print --help. */
static void
usage(FILE *f)
{
	size_t i;

	fprintf(f,
"Usage: %s [OPTION]... [FILE]...\n"
"  or:  %s record [OPTION]... [-- COMMAND [ARG]...]\n"
"Explore a profile's stacks as an interactive flame graph in the terminal.\n"
"\n"
"Reads each FILE (or standard input, when FILE is - or absent and input is\n"
"not a terminal), detects its format, and merges every stack into one call\n"
"tree. gzip-compressed input is read transparently.\n"
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
"      --event-filter=EVENT  perf: keep samples of EVENT (default: the\n"
"                         first event in the input)\n"
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
"\n"
"Views (for the graph, --fold and every other output):\n"
"      --reverse          merge stacks from the leaf: the hottest functions\n"
"                         at the root, their callers above them\n"
"      --focus=REGEX      keep only stacks through a frame matching REGEX,\n"
"                         re-rooted at the outermost match\n"
"      --ignore=REGEX     drop every stack with a frame matching REGEX\n"
"      --hide=REGEX       drop the frames matching REGEX from every stack\n"
"      --nodefraction=F   fold blocks under F of the total (0.01, or 1%%)\n"
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
"                         AFTER's widths, red where a frame's share grew and\n"
"                         blue where it shrank (the SVG: where the count of\n"
"                         stacks ending there did, as flamegraph.pl); --fold\n"
"                         writes \"stack BEFORE AFTER\" lines, as difffolded.pl\n"
"      --normalize        --diff: scale BEFORE's counts to AFTER's total\n"
"                         (difffolded.pl -n)\n"
"      --widths=SIDE      differential input (--diff, or \"stack BEFORE AFTER\"\n"
"                         lines): size frames by after (the default) or by\n"
"                         before, where the stacks gone from AFTER are drawn\n"
"                         (blue); --fold then writes \"stack AFTER BEFORE\"\n"
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
"                         standard output, largest total first (pprof -top)\n"
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
"Formats:\n", PROGNAME, PROGNAME, SVG_MAXDEPTH);
	for (i = 0; formats[i] != NULL; i++)
		fprintf(f, "  %-12s %s\n", formats[i]->name, formats[i]->desc);
	fprintf(f, "\nPalettes: %s\n", palette_names());
	fprintf(f,
"\n"
"Exit status: 0 when stacks were read, 1 when nothing usable was read,\n"
"2 on a usage error or a fatal error, 130 when loading was cancelled.\n"
"\n"
"See flametui(1) for the keys of the interactive view, and\n"
"'%s record --help' for recording a profile with perf.\n", PROGNAME);
}

static regex_t *main_res[8];	/* what main_regex() compiled */
static int main_nres;

/* Compile a --focus/--ignore/--hide regex, or exit with a usage error. */
static regex_t *
main_regex(const char *opt, const char *re)
{
	regex_t *r = xmalloc(sizeof *r);
	char msg[512];

	if (match_compile(r, re, 0, msg, sizeof msg) != 0)
		fatal("--%s: %s", opt, msg);
	if (main_nres < (int)(sizeof main_res / sizeof main_res[0]))
		main_res[main_nres++] = r;
	return r;
}

/* Free the regexes main_regex() compiled, once the views are applied. */
static void
main_regex_free(struct transform *t)
{
	int i;

	for (i = 0; i < main_nres; i++) {
		regfree(main_res[i]);
		free(main_res[i]);
	}
	main_nres = 0;
	t->focus = t->ignore = t->hide = NULL;
}

/* Parse --nodefraction: a fraction, or a percentage ending in %. */
static double
main_fraction(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (end != s && *end == '%' && end[1] == '\0')
		v /= 100.0;
	else if (end == s || *end != '\0')
		v = -1;
	if (errno != 0 || !(v >= 0 && v < 1)) {
		fprintf(stderr, "%s: --nodefraction: '%s' is not a fraction "
		    "from 0 to 1, nor a percentage such as 1%%\n", PROGNAME, s);
		exit(2);
	}
	return v * 100.0;
}

/* Print --list-formats: each format and the command that produces it. */
static void
list_formats(void)
{
	size_t i;

	for (i = 0; formats[i] != NULL; i++) {
		printf("%-11s %s\n", formats[i]->name, formats[i]->desc);
		if (formats[i]->producer != NULL)
			printf("%-11s   $ %s\n", "", formats[i]->producer);
	}
}

/* Parse a number for option opt, between min and max; exit 2 if it is not. */
static double
main_number(const char *opt, const char *arg, double min, double max, int pct,
    int *ispct)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (pct && *end == '%') {
		*ispct = 1;
		end++;
	} else if (pct)
		*ispct = 0;
	if (end == arg || *end != '\0' || errno != 0 || !(v >= min) ||
	    !(v <= max)) {
		fprintf(stderr, "%s: --%s: '%s' is not a number from %.10g to %.10g%s\n",
		    PROGNAME, opt, arg, min, max, pct ? " (or a percentage)" : "");
		exit(2);
	}
	return v;
}

/* Print --version. */
static void
version(void)
{
	printf("%s %s\n"
	    "License: ISC <https://opensource.org/licenses/ISC>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PROGNAME, PACKAGE_VERSION);
}

int
main(int argc, char **argv)
{
	struct transform t = { 0 };
	struct load l;
	struct profile p, view;
	struct tui_opts to;
	char warning[512];
	char *stdin_only[] = { (char *)"-" };
	char *const *paths, *end;
	unsigned long long ul;
	int c, npaths, fold = 0, nread, interactive;
	struct svg_opts so;
	uint64_t deep = 0;
	struct input_ids inputs;
	const char *svgpath = NULL;
	char err[1024];
	int flamechart = 0, i, pal, top = 0, haverange = 0;
	char *callers_re;
	struct top_row *rows;
	size_t nrows;
	int64_t range_from = 0, range_to = -1;
	int diff = 0, normalize = 0, widths_before = 0;
	struct profile before;
	struct timeline tl;

	if (argc > 1 && strcmp(argv[1], "record") == 0)
		return record_main(argc - 1, argv + 1);

	setlocale(LC_CTYPE, "");
	memset(&l, 0, sizeof l);
	memset(&inputs, 0, sizeof inputs);
	svg_defaults(&so);
	tui_defaults(&to);
	while ((c = getopt_long(argc, argv, "f:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if ((l.forced = format_find(optarg)) == NULL) {
				fprintf(stderr, "%s: unknown format '%s'; known "
				    "formats: %s\n", PROGNAME, optarg,
				    format_names());
				return 2;
			}
			break;
		case OPT_FOLD:
			fold = 1;
			break;
		case OPT_PID:
			l.opts.pid = 1;
			break;
		case OPT_TID:
			l.opts.tid = 1;
			break;
		case OPT_KERNEL:
			l.opts.kernel = 1;
			break;
		case OPT_JIT:
			l.opts.jit = 1;
			break;
		case OPT_ALL:
			l.opts.kernel = l.opts.jit = 1;
			break;
		case OPT_ADDRS:
			l.opts.addrs = 1;
			break;
		case OPT_EVENT:
			l.opts.event = optarg;
			break;
		case OPT_OFFSET:
			l.opts.include_offset = 1;
			break;
		case OPT_REVERSE:
			t.reverse = to.init.reverse = 1;
			break;
		case OPT_FOCUS:
			t.focus = main_regex("focus", optarg);
			to.init.focus = optarg;
			break;
		case OPT_IGNORE:
			t.ignore = main_regex("ignore", optarg);
			to.init.ignore = optarg;
			break;
		case OPT_HIDE:
			t.hide = main_regex("hide", optarg);
			to.init.hide = optarg;
			break;
		case OPT_NODEFRACTION:
			t.prune = to.init.prune = main_fraction(optarg);
			break;
		case OPT_RECURSION:
			t.collapse_recursion = to.init.recursion = 1;
			break;
		case OPT_CALLERS:
			to.init.func = optarg;
			to.init.mode = MODE_SANDWICH;
			break;
		case OPT_TOP:
			top = 1;
			break;
		case OPT_LIST_FORMATS:
			list_formats();
			return 0;
		case OPT_THREAD_STATE:
			l.opts.thread_state = optarg;
			break;
		case OPT_GZRATIO:
			errno = 0;
			ul = strtoull(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    optarg[0] == '-') {
				fprintf(stderr, "%s: --gzip-ratio wants a "
				    "number, not '%s'\n", PROGNAME, optarg);
				return 2;
			}
			l.gzip_ratio = ul == 0 ? UINT64_MAX : ul;
			break;
		case OPT_SVG:
			svgpath = optarg;
			break;
		case OPT_TITLE:
			so.title = optarg;
			break;
		case OPT_SUBTITLE:
			so.subtitle = optarg;
			break;
		case OPT_COUNTNAME:
			so.countname = optarg;
			break;
		case OPT_NAMETYPE:
			so.nametype = optarg;
			break;
		case OPT_NOTES:
			so.notes = optarg;
			break;
		case OPT_WIDTH:
			so.width = (int)main_number("width", optarg, 100, 1000000,
			    0, NULL);
			break;
		case OPT_HEIGHT:
			so.frameheight = (int)main_number("height", optarg, 2,
			    1000, 0, NULL);
			break;
		case OPT_MINWIDTH:
			so.minwidth = main_number("minwidth", optarg, 0, 1000000,
			    1, &so.minwidth_pct);
			break;
		case OPT_FONTTYPE:
			so.fonttype = optarg;
			break;
		case OPT_FONTSIZE:
			so.fontsize = main_number("fontsize", optarg, 1, 1000, 0,
			    NULL);
			break;
		case OPT_FONTWIDTH:
			so.fontwidth = main_number("fontwidth", optarg, 0.01, 10,
			    0, NULL);
			break;
		case OPT_COLORS:
			if ((pal = palette_find(optarg)) < 0) {
				fprintf(stderr, "%s: unknown palette '%s'; known "
				    "palettes: %s\n", PROGNAME, optarg,
				    palette_names());
				return 2;
			}
			so.palette = (enum palette)pal;
			break;
		case OPT_BGCOLORS:
			if (svg_check_bgcolors(optarg, err, sizeof err) != 0) {
				fprintf(stderr, "%s: %s\n", PROGNAME, err);
				return 2;
			}
			so.bgcolors = optarg;
			break;
		case OPT_HASH:
			so.hash = 1;
			break;
		case OPT_INVERTED:
			so.inverted = 1;
			break;
		case OPT_FLAMECHART:
			flamechart = so.flamechart = 1;
			break;
		case OPT_NEGATE:
			so.negate = 1;
			break;
		case OPT_MAXDEPTH:
			so.maxdepth = (uint32_t)main_number("maxdepth", optarg,
			    0, UINT32_MAX, 0, NULL);
			break;
		case OPT_SAMPLE_TYPE:
			l.opts.sample_type = optarg;
			break;
		case OPT_PALETTE:
			if (palette_find(optarg) < 0) {
				fprintf(stderr, "%s: unknown palette '%s'; known "
				    "palettes: %s\n", PROGNAME, optarg,
				    palette_names());
				return 2;
			}
			to.pal = (enum palette)palette_find(optarg);
			break;
		case OPT_NO_COLOR:
			to.no_color = 1;
			break;
		case OPT_ICICLE:
			to.icicle = 1;
			break;
		case OPT_LIST_KEYS:
			keys_list(stdout);
			return 0;
		case OPT_THREADS:
			errno = 0;
			ul = strtoull(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    optarg[0] == '-' || ul < 1 || ul > 1024) {
				fprintf(stderr, "%s: --threads wants a number "
				    "from 1, not '%s'\n", PROGNAME, optarg);
				return 2;
			}
			l.threads = (int)ul;
			break;
		case OPT_HEATMAP:
			to.heatmap = 1;
			break;
		case OPT_BUCKETS:
			to.nbuckets = (int)main_number("buckets", optarg, 1, 1000,
			    0, NULL);
			break;
		case OPT_TIME_RANGE:
			if (timeline_parse_range(optarg, &range_from,
			    &range_to) != 0) {
				fprintf(stderr, "%s: --time-range wants START-END, "
				    "seconds from the first sample with START "
				    "before END, not '%s'\n", PROGNAME, optarg);
				return 2;
			}
			haverange = 1;
			break;
		case OPT_INCLUDE_IDLE:
			to.include_idle = 1;
			break;
		case OPT_DIFF:
			diff = 1;
			break;
		case OPT_NORMALIZE:
			normalize = 1;
			break;
		case OPT_WIDTHS:
			if (strcmp(optarg, "before") != 0 &&
			    strcmp(optarg, "after") != 0) {
				fprintf(stderr, "%s: --widths wants before or "
				    "after, not '%s'\n", PROGNAME, optarg);
				return 2;
			}
			widths_before = strcmp(optarg, "before") == 0;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			version();
			return 0;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n",
			    PROGNAME);
			return 2;
		}
	}
	paths = argv + optind;
	npaths = argc - optind;
	if (npaths == 0) {
		if (isatty(STDIN_FILENO)) {
			fprintf(stderr, "%s: no input: give a FILE, or pipe "
			    "stacks in\nTry '%s --help' for more information.\n",
			    PROGNAME, PROGNAME);
			return 2;
		}
		paths = stdin_only;
		npaths = 1;
	}
	/* "-" on a terminal waits for typed stacks: say so. */
	for (i = 0; i < npaths; i++)
		if (strcmp(paths[i], "-") == 0 && isatty(STDIN_FILENO)) {
			fprintf(stderr, "%s: reading stacks from the terminal; "
			    "Ctrl-D ends them\n", PROGNAME);
			break;
		}

	if ((diff && npaths != 2) || (normalize && !diff)) {
		fprintf(stderr, "%s: --diff takes two files, BEFORE and AFTER%s\n",
		    PROGNAME, normalize && !diff ? "; --normalize is for --diff" :
		    "");
		return 2;
	}
	if (svgpath != NULL && fold && strcmp(svgpath, "-") == 0) {
		fprintf(stderr, "%s: --fold and --svg=- both write to standard "
		    "output: give --svg a file name\n", PROGNAME);
		return 2;
	}
	if (to.init.func != NULL && (t.focus != NULL || t.reverse)) {
		fprintf(stderr, "%s: --callers chooses and reverses the stacks "
		    "itself: not with --focus or --reverse\n", PROGNAME);
		return 2;
	}
	if (to.init.func != NULL && !fold && svgpath == NULL && !top)
		;	/* the viewer opens the callers and callees */
	else if (to.init.func != NULL) {
		callers_re = transform_exact(to.init.func, strlen(to.init.func));
		t.focus = main_regex("callers", callers_re);
		free(callers_re);
		t.callers = t.reverse = 1;
	}
	if (flamechart && (transform_active(&t) || to.init.func != NULL)) {
		fprintf(stderr, "%s: --flamechart keeps the input's order, which "
		    "--reverse, --focus, --ignore, --hide, --nodefraction, "
		    "--callers and --collapse-recursion do not\n", PROGNAME);
		return 2;
	}
	for (i = 0; i < npaths; i++)
		save_input_add(&inputs, paths[i]);

	profile_init(&p);
	p.flamechart = flamechart;
	interactive = !fold && svgpath == NULL && !top;
	p.keeptimes = interactive || haverange || flamechart;
	if (interactive) {
		l.progress = tui_progress;
		tui_loading();
	}
	if (diff) {
		profile_init(&before);
		nread = load_files(&l, paths, 1, &before);
		nread += load_files(&l, paths + 1, 1, &p);
		if (nread < 2)
			nread = 0;
		diff_build(&before, &p, normalize, &view);
		profile_free(&before);
		profile_free(&p);
		p = view;
	} else
		nread = load_files(&l, paths, npaths, &p);
	if (interactive)
		tui_loaded();
	if (l.cancelled) {
		fprintf(stderr, "%s: cancelled\n", PROGNAME);
		save_input_free(&inputs);
		return 130;
	}
	diag_print(&l.diag, stderr);
	if (nread == 0 || p.nstacks == 0) {
		if (nread > 0)
			fprintf(stderr, "%s: no stacks found in the input\n",
			    PROGNAME);
		profile_free(&p);
		diag_free(&l.diag);
		save_input_free(&inputs);
		return 1;
	}
	if (so.countname != NULL)
		profile_set_unit(&p, so.countname);
	if (p.saturated)
		fprintf(stderr, "%s: warning: a sample count overflowed 64 bits "
		    "and was clamped\n", PROGNAME);
	if (widths_before && p.delta == NULL) {
		fprintf(stderr, "%s: --widths=before is for differential input: "
		    "--diff BEFORE AFTER, or \"stack BEFORE AFTER\" lines\n",
		    PROGNAME);
		profile_free(&p);
		diag_free(&l.diag);
		save_input_free(&inputs);
		return 2;
	}
	if (widths_before)
		diff_swap(&p);

	/* A flame chart of timestamped samples is in time order. */
	if (flamechart && timeline_chart(&p, &view)) {
		profile_free(&p);
		p = view;
	}
	if (haverange && !interactive) {
		if (timeline_init(&tl, &p, TIMELINE_BUCKETS, to.include_idle,
		    err, sizeof err) != 0) {
			fprintf(stderr, "%s: --time-range: %s\n", PROGNAME, err);
			profile_free(&p);
			diag_free(&l.diag);
			save_input_free(&inputs);
			return 1;
		}
		if (timeline_range(&tl, range_from, range_to, &view) == 0)
			fprintf(stderr, "%s: warning: no samples in --time-range"
			    "\n", PROGNAME);
		timeline_free(&tl);
		profile_free(&p);
		p = view;
	} else if (haverange) {
		to.range_from = range_from;
		to.range_to = range_to;
	}
	if (transform_active(&t) && !interactive) {
		profile_init(&view);
		transform_apply(&p, &t, &view);
		main_regex_free(&t);
		profile_take_names(&view, &p);
		profile_free(&p);
		p = view;
		if (p.nstacks == 0)
			fprintf(stderr, "%s: warning: no stacks are left after "
			    "--focus, --ignore and --hide\n", PROGNAME);
	}

	so.deep = &deep;
	if (svgpath != NULL &&
	    svg_export(&p, PROFILE_ROOT, &so, svgpath, &inputs, err,
	    sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		profile_free(&p);
		diag_free(&l.diag);
		save_input_free(&inputs);
		return 2;
	}
	if (deep > 0)
		fprintf(stderr, "%s: warning: %s: %llu frames more than %u "
		    "levels above the root left out: --maxdepth=0 draws them\n",
		    PROGNAME, strcmp(svgpath, "-") == 0 ? "standard output" :
		    svgpath, (unsigned long long)deep, so.maxdepth);
	save_input_free(&inputs);
	if (svgpath != NULL && !fold && !top) {
		profile_free(&p);
		diag_free(&l.diag);
		return 0;
	}
	if (interactive) {
		main_regex_free(&t);	/* the viewer compiles its own */
		warning[0] = '\0';
		if (l.diag.nmsgs > 0)
			snprintf(warning, sizeof warning, "%s%s", l.diag.msgs[0],
			    l.diag.nmsgs > 1 ? " (and more: see standard error "
			    "after quitting)" : "");
		c = tui_run(&p, &to, paths, npaths, l.formats,
		    warning[0] != '\0' ? warning : NULL);
		profile_free(&p);
		diag_free(&l.diag);
		return c;
	}
	if (top) {
		nrows = top_compute(&p, t.reverse, TOP_BY_TOTAL, &rows);
		top_write(&p, rows, nrows, stdout);
		free(rows);
	}
	if ((fold && fold_write(&p, stdout) < 0) || fflush(stdout) != 0) {
		fprintf(stderr, "%s: writing output: %s\n", PROGNAME,
		    strerror(errno));
		profile_free(&p);
		diag_free(&l.diag);
		return 2;
	}
	profile_free(&p);
	diag_free(&l.diag);
	return 0;
}
