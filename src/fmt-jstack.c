/*
 * fmt-jstack.c: Java thread dumps from jstack(1), taken again and again, as
 * stackcollapse-jstack.pl reads them. Each thread whose state passes the
 * filter (--thread-state; RUNNABLE by default, "all" for every thread)
 * counts 1, rooted at its name:
 *
 *	"worker-1" #12 daemon prio=5 os_prio=0 ... runnable  [0x00007f8c...]
 *	   java.lang.Thread.State: RUNNABLE
 *		at Busy.spin(Busy.java:7)
 *		at java.lang.Thread.run(java.base@17.0.15/Thread.java:840)
 *
 * A blank line ends a thread. A frame is the text of an "at" line up to its
 * '('. A trailing "-N" is taken off thread names, so that pools of threads
 * merge. As in the reference, compiler threads, the signal dispatcher, the
 * service thread and the attach listener are in state BACKGROUND, a stack in
 * epollWait is WAITING, and one in socketAccept, socketRead0 or a socket's
 * accept0 is NETWORK, whatever jstack says.
 */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"

/* Lines of a thread dump that hold nothing for us. */
static const char *const jstack_noise[] = {
	"Full thread dump", "Threads class SMR info:", "_java_thread_list=",
	"0x", "}", "JNI global ref", "No compile task", "Compiling:",
	"Locked ownable synchronizers:", "-", NULL
};

/* State of one read. */
struct jstack {
	struct stack st;	/* frames, leaf first, then the thread name */
	char name[256];		/* thread name, without a trailing -N */
	size_t namelen;
	int named;		/* a thread line was seen */
	char state[64];		/* "?" until known */
	const char *want;	/* state to keep, or "all" */
};

/* Does s[0..len) contain the string needle? */
static int
jstack_has(const char *s, size_t len, const char *needle)
{
	return memmem(s, len, needle, strlen(needle)) != NULL;
}

/* Does s[0..len) end with the string suffix? */
static int
jstack_ends(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

/* Set the state. */
static void
jstack_set(struct jstack *j, const char *s, size_t len)
{
	if (len >= sizeof j->state)
		len = sizeof j->state - 1;
	memcpy(j->state, s, len);
	j->state[len] = '\0';
}

/* End a thread: count it if its state is wanted, and start afresh. */
static void
jstack_end(struct jstack *j, struct sink *sink)
{
	if ((strcmp(j->want, "all") == 0 ||
	    strcasecmp(j->state, j->want) == 0) && (j->named || j->st.n > 0)) {
		if (j->named)
			stack_push(&j->st, j->name, j->namelen);
		stack_emit(&j->st, sink, 1, 1, 0);
	}
	stack_clear(&j->st);
	j->named = 0;
	jstack_set(j, "?", 1);
}

/* Does the name match /C. CompilerThread/ ("C2 CompilerThread0")? */
static int
jstack_compiler(const char *s, size_t len)
{
	const char *p = s, *e = s + len;

	while ((p = memmem(p, (size_t)(e - p), " CompilerThread", 15)) !=
	    NULL) {
		if (p - s >= 2 && p[-2] == 'C')
			return 1;
		p++;
	}
	return 0;
}

/* A thread line, "NAME" ...: take the name and any state it implies. */
static void
jstack_thread(struct jstack *j, const char *s, size_t len)
{
	const char *q = memchr(s + 1, '"', len - 1);
	size_t n = q != NULL ? (size_t)(q - s - 1) : len - 1, k;

	if (n >= sizeof j->name)
		n = sizeof j->name - 1;
	memcpy(j->name, s + 1, n);
	j->namelen = n;
	j->named = 1;
	/* "pool-1-thread-7" becomes "pool-1-thread": s/-\d+$// */
	for (k = n; k > 0 && j->name[k - 1] >= '0' &&
	    j->name[k - 1] <= '9'; k--)
		;
	if (k < n && k > 0 && j->name[k - 1] == '-')
		j->namelen = k - 1;
	if (jstack_compiler(s + 1, n) ||
	    jstack_has(s + 1, n, "Signal Dispatcher") ||
	    jstack_has(s + 1, n, "Service Thread") ||
	    jstack_has(s + 1, n, "Attach Listener"))
		jstack_set(j, "BACKGROUND", 10);
}

/* A frame line, "at FUNC(...)": push FUNC and any state it implies. */
static void
jstack_frame(struct jstack *j, const char *s, size_t len)
{
	const char *paren = memchr(s, '(', len);

	if (paren != NULL)
		len = (size_t)(paren - s);
	stack_push(&j->st, s, len);
	if (jstack_has(s, len, "epollWait"))
		jstack_set(j, "WAITING", 7);
	if (jstack_ends(s, len, "socketAccept") ||
	    jstack_ends(s, len, "socketRead0"))
		jstack_set(j, "NETWORK", 7);
	else if (jstack_ends(s, len, "accept0")) {
		const char *so = memmem(s, len, "Socket", 6);

		if (so != NULL && (size_t)(so - s) + 6 <= len - 7)
			jstack_set(j, "NETWORK", 7);
	}
}

/* Is this the date line that starts a dump, /^2\d\d\d-/? */
static int
jstack_date(const char *s, size_t len)
{
	size_t i;

	if (len < 5 || s[0] != '2' || s[4] != '-')
		return 0;
	for (i = 1; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* jstack if thread lines come with "java.lang.Thread.State:" lines. */
static int
jstack_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int threads = 0, states = 0, dump = 0;
	struct strv l;

	while (detect_line(&p, end, &l)) {
		if (stack_prefix(l.s, l.len, "Full thread dump"))
			dump = 1;
		else if (l.len > 1 && l.s[0] == '"')
			threads++;
		else if (jstack_has(l.s, l.len, "java.lang.Thread.State: "))
			states++;
	}
	if (threads > 0 && states > 0)
		return dump ? 95 : 85;
	return 0;
}

/* Read jstack dumps, one stack of count 1 per thread in the wanted state. */
static int
jstack_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct jstack j;
	struct strv line;
	const char *s, *st;
	size_t len, i, n;

	memset(&j, 0, sizeof j);
	j.want = o->thread_state != NULL ? o->thread_state : "RUNNABLE";
	jstack_set(&j, "?", 1);
	while (reader_text_line(r, d, &line)) {
		s = line.s;
		len = line.len;
		if (len > 0 && s[0] == '#')
			continue;
		if (len == 0) {
			jstack_end(&j, sink);
			continue;
		}
		if (s[0] == '"') {
			jstack_thread(&j, s, len);
			continue;
		}
		if ((st = memmem(s, len, "java.lang.Thread.State: ", 24)) !=
		    NULL) {
			st += 24;
			n = len - (size_t)(st - s);
			for (i = 0; i < n && st[i] != ' ' && st[i] != '\t'; i++)
				;
			if (i > 0 && strcmp(j.state, "?") == 0)
				jstack_set(&j, st, i);
			continue;
		}
		stack_ltrim(&s, &len);
		if (len >= 3 && memcmp(s, "at ", 3) == 0) {
			jstack_frame(&j, s + 3, len - 3);
			continue;
		}
		if (len == 0 || jstack_date(line.s, line.len))
			continue;
		for (i = 0; jstack_noise[i] != NULL; i++)
			if (stack_prefix(s, len, jstack_noise[i]))
				break;
		if (jstack_noise[i] == NULL)
			diag_bad(d, r->lineno, "not a jstack line (\"THREAD\", "
			    "java.lang.Thread.State:, or at FRAME)");
	}
	/* The reference drops a last thread with no blank line after it. */
	jstack_end(&j, sink);
	stack_free(&j.st);
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_jstack = {
	.name = "jstack",
	.desc = "Java thread dumps from jstack (stackcollapse-jstack.pl)",
	.producer =
	    "for i in $(seq 100); do jstack PID; sleep 0.1; done > out.jstack",
	.probe = jstack_probe,
	.parse = jstack_parse,
};
