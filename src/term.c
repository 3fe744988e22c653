/*
 * term.c: curses on /dev/tty, libtermkey for input, colours, and putting
 * the terminal back whatever happens.
 *
 * curses owns the termios settings (cbreak, noecho, nonl; ISIG stays on so
 * that Ctrl-C is SIGINT) and draws; libtermkey only parses the bytes read
 * from the tty (TERMKEY_FLAG_NOTERMIOS). The main loop polls the tty and a
 * self-pipe the SIGWINCH handler writes to.
 */
#include "config.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <termkey.h>
#include <time.h>
#include <unistd.h>

#include "save.h"
#include "term.h"
#include "text.h"
#include "util.h"

#define MOUSE_ON "\033[?1000h\033[?1002h\033[?1006h"
#define MOUSE_OFF "\033[?1006l\033[?1002l\033[?1000l"
#define DOUBLE_CLICK_MS 400

struct term term = { -1, TERM_MONO, 0 };

static SCREEN *screen;
static FILE *ttyout, *ttyin;
static TermKey *tk;
static int wakefd[2] = { -1, -1 };	/* SIGWINCH self-pipe */
static volatile sig_atomic_t resized;
static volatile sig_atomic_t continued;	/* back from a Ctrl-Z stop */
static volatile sig_atomic_t quitsig;	/* with softquit: the signal */
static int softquit;			/* SIGINT and co. are events */
static int watchfd = -1;		/* term_watch() */

/* Prepared for the signal handlers, which may only write() it. */
static struct termios saved_tios;
static char restore[256];
static size_t restorelen;
static char enter[256];		/* the opposite, after a stop */
static size_t enterlen;
static volatile sig_atomic_t active;	/* the screen is taken over */
static volatile sig_atomic_t loading;	/* a progress line may be shown */

static short pairs[257][257];	/* pair number by fg + 1, bg + 1 */
static short npairs;

/* Double-click detection. */
static struct timespec lastclick;
static int lastline = -1, lastcol = -1;

static const int cube[6] = { 0, 95, 135, 175, 215, 255 };
static const struct rgb basic[16] = {
	{ 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 },
	{ 0, 0, 238 }, { 205, 0, 205 }, { 0, 205, 205 }, { 229, 229, 229 },
	{ 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 }, { 255, 255, 0 },
	{ 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
};

/* Write all of buf to fd; for signal handlers too. */
static void
term_write(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		buf += n;
		len -= (size_t)n;
	}
}

void
term_clipboard(const char *s, size_t len)
{
	static const char pre[] = "\033]52;c;";
	size_t n = sizeof pre - 1;
	char *buf;

	if (term.fd < 0)
		return;
	buf = xmalloc(n + TEXT_BASE64_LEN(len) + 1);
	memcpy(buf, pre, n);
	n += text_base64(s, len, buf + n);
	buf[n++] = '\a';
	term_write(term.fd, buf, n);
	free(buf);
}

/* Put the terminal back and let a fatal signal take its course. */
static void
term_fatal_signal(int sig)
{
	int saved = errno;

	if (active) {
		term_write(term.fd, restore, restorelen);
		tcsetattr(term.fd, TCSANOW, &saved_tios);
		active = 0;
	}
	if (loading)
		term_write(STDERR_FILENO, "\r\033[K", 4);
	save_forget_pending();
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved;
}

/*
 * Ctrl-Z: put the terminal back, stop, and when continued note that the
 * screen must be taken over again (the main loop does it).
 */
static void
term_tstp(int sig)
{
	struct sigaction sa;
	sigset_t set;
	int saved = errno;

	if (active) {
		term_write(term.fd, restore, restorelen);
		tcsetattr(term.fd, TCSANOW, &saved_tios);
	}
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* Continued. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = term_tstp;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
	continued = 1;
	if (wakefd[1] != -1)
		(void)!write(wakefd[1], "", 1);
	errno = saved;
}

/* Note a resize and wake the main loop. */
static void
term_winch(int sig)
{
	int saved = errno;

	(void)sig;
	resized = 1;
	if (wakefd[1] != -1)
		(void)!write(wakefd[1], "", 1);
	errno = saved;
}

/* A signal asking to quit: note it and wake the main loop. */
static void
term_quit(int sig)
{
	int saved = errno;

	quitsig = sig;
	if (wakefd[1] != -1)
		(void)!write(wakefd[1], "", 1);
	errno = saved;
}

void
term_soft_quit(void)
{
	softquit = 1;
}

int
term_quit_signal(void)
{
	return quitsig;
}

void
term_watch(int fd)
{
	watchfd = fd;
}

/*
 * Catch sig with term_fatal_signal, unless it is ignored (as a parent may
 * ask), or when weak, unless a handler is there already: a preloaded
 * profiler's SIGPROF, say.
 */
static void
term_catch(int sig, int weak)
{
	struct sigaction sa;

	if (sigaction(sig, NULL, &sa) != 0 || sa.sa_handler == SIG_IGN ||
	    (weak && sa.sa_handler != SIG_DFL &&
	    sa.sa_handler != term_fatal_signal))
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = term_fatal_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/*
 * Catch every signal whose default action ends the program, real-time ones
 * included, so that none leaves the terminal taken over. Quitting and
 * crashing are ours even over a sanitizer's handler; the others, weakly.
 */
static void
term_catch_fatal(void)
{
	static const int sigs[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGBUS,
		SIGFPE, SIGILL,
	};
	static const int weak[] = {
		SIGTRAP, SIGSYS, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,
		SIGXFSZ, SIGVTALRM, SIGPROF,
#ifdef SIGIO
		SIGIO,
#endif
#ifdef SIGPWR
		SIGPWR,
#endif
#ifdef SIGSTKFLT
		SIGSTKFLT,
#endif
#ifdef SIGEMT
		SIGEMT,
#endif
	};
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		term_catch(sigs[i], 0);
	for (i = 0; i < sizeof weak / sizeof weak[0]; i++)
		term_catch(weak[i], 1);
#ifdef SIGRTMIN
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		term_catch(sig, 1);
#endif
}

void
term_guard_loading(void)
{
	loading = 1;
	term_catch_fatal();
}

/* Add a terminfo capability (or, failing that, text) to a sequence. */
static void
term_seq_add(char *buf, size_t size, size_t *len, const char *cap,
    const char *text)
{
	char *s = cap != NULL ? tigetstr((char *)cap) : (char *)text;
	size_t n;

	if (s == NULL || s == (char *)-1)
		return;
	n = strlen(s);
	if (*len + n < size) {
		memcpy(buf + *len, s, n);
		*len += n;
	}
}

/*
 * Hide terminfo's key_mouse from libtermkey: xterm's entry says "\033[<",
 * the start of an SGR (1006) report, which libtermkey would then read as
 * an old X10 report. Its CSI driver reads SGR reports itself.
 */
static const char *
term_getstr(const char *name, const char *value, void *data)
{
	(void)data;
	if (strcmp(name, "key_mouse") == 0)
		return NULL;
	return value;
}

/* Set up curses on an output stream: modes and colours. */
static int
term_screen(FILE *out, FILE *in, const char *type, int no_color)
{
	const char *cs;

	cs = nl_langinfo(CODESET);
	term.utf8 = cs != NULL && strcmp(cs, "UTF-8") == 0;
	if ((screen = newterm(type, out, in)) == NULL)
		return -1;
	set_term(screen);
	cbreak();
	noecho();
	nonl();
	curs_set(0);
	term.colors = TERM_MONO;
	if (!no_color && has_colors() && start_color() == OK) {
		use_default_colors();
		if (COLORS >= 256)
			term.colors = TERM_256;
		else if (COLORS >= 16)
			term.colors = TERM_16;
		else if (COLORS >= 8)
			term.colors = TERM_8;
	}
	memset(pairs, 0, sizeof pairs);
	npairs = 0;
	return 0;
}

int
term_open(int no_color, char *err, size_t errlen)
{
	struct sigaction sa;
	const char *env = getenv("NO_COLOR");
	int fd2, flags;

	if (env != NULL && *env != '\0')
		no_color = 1;
	if ((term.fd = open("/dev/tty", O_RDWR | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "cannot open the terminal /dev/tty: %s "
		    "(use --fold for output without one)", strerror(errno));
		return -1;
	}
	if (tcgetattr(term.fd, &saved_tios) != 0) {
		snprintf(err, errlen, "/dev/tty: %s", strerror(errno));
		close(term.fd);
		term.fd = -1;
		return -1;
	}
	if ((fd2 = dup(term.fd)) < 0 ||
	    (ttyout = fdopen(term.fd, "w")) == NULL ||
	    (ttyin = fdopen(fd2, "r")) == NULL)
		fatal("/dev/tty: %s", strerror(errno));

	/* Our handlers first, so that curses does not install its own. */
	if (pipe(wakefd) == 0) {
		fcntl(wakefd[0], F_SETFL, O_NONBLOCK);
		fcntl(wakefd[1], F_SETFL, O_NONBLOCK);
		fcntl(wakefd[0], F_SETFD, FD_CLOEXEC);
		fcntl(wakefd[1], F_SETFD, FD_CLOEXEC);
	}
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = term_winch;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, NULL);
	sa.sa_handler = term_tstp;
	sigaction(SIGTSTP, &sa, NULL);
	term_catch_fatal();
	if (softquit) {
		sa.sa_handler = term_quit;
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
	}

	if (term_screen(ttyout, ttyin, NULL, no_color) < 0) {
		snprintf(err, errlen, "cannot use the terminal (TERM=%s)",
		    getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	if (tigetstr("cup") == NULL || tigetstr("cup") == (char *)-1) {
		endwin();
		delscreen(screen);
		screen = NULL;
		snprintf(err, errlen, "the terminal (TERM=%s) cannot move the "
		    "cursor: set TERM to its type, as xterm-256color, or use "
		    "--fold or --svg", getenv("TERM") ? getenv("TERM") : "");
		return -1;
	}
	restorelen = enterlen = 0;
	term_seq_add(restore, sizeof restore, &restorelen, NULL, MOUSE_OFF);
	term_seq_add(restore, sizeof restore, &restorelen, "sgr0", NULL);
	term_seq_add(restore, sizeof restore, &restorelen, "cnorm", NULL);
	term_seq_add(restore, sizeof restore, &restorelen, "rmkx", NULL);
	term_seq_add(restore, sizeof restore, &restorelen, "rmcup", NULL);
	term_seq_add(enter, sizeof enter, &enterlen, "smcup", NULL);
	term_seq_add(enter, sizeof enter, &enterlen, "smkx", NULL);
	term_seq_add(enter, sizeof enter, &enterlen, "civis", NULL);
	term_seq_add(enter, sizeof enter, &enterlen, NULL, MOUSE_ON);
	active = 1;
	loading = 0;
	util_cleanup = term_close;

	flags = TERMKEY_FLAG_NOTERMIOS | TERMKEY_FLAG_EINTR |
	    TERMKEY_FLAG_NOSTART;
	if (term.utf8)
		flags |= TERMKEY_FLAG_UTF8;
	if ((tk = termkey_new(term.fd, flags)) == NULL)
		fatal("cannot start libtermkey on /dev/tty");
	termkey_hook_terminfo_getstr(tk, term_getstr, NULL);
	if (!termkey_start(tk))
		fatal("cannot start libtermkey on /dev/tty");
	termkey_set_canonflags(tk, termkey_get_canonflags(tk) |
	    TERMKEY_CANON_DELBS);
	refresh();
	term_write(term.fd, MOUSE_ON, sizeof MOUSE_ON - 1);
	return 0;
}

int
term_open_file(FILE *f, const char *termtype, int no_color)
{
	term.fd = -1;
	return term_screen(f, stdin, termtype, no_color);
}

void
term_close(void)
{
	if (screen == NULL)
		return;
	if (term.fd != -1)
		term_write(term.fd, MOUSE_OFF, sizeof MOUSE_OFF - 1);
	if (tk != NULL) {
		termkey_destroy(tk);
		tk = NULL;
	}
	endwin();
	active = 0;
	delscreen(screen);
	screen = NULL;
	if (ttyout != NULL) {
		fclose(ttyout);
		fclose(ttyin);
		ttyout = ttyin = NULL;
	}
	term.fd = -1;
	if (wakefd[0] != -1) {
		close(wakefd[0]);
		close(wakefd[1]);
		wakefd[0] = wakefd[1] = -1;
	}
	util_cleanup = NULL;
}

/* Milliseconds from a to b. */
static long
term_ms(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000 + (b->tv_nsec - a->tv_nsec) /
	    1000000;
}

/* Turn a libtermkey key into an event; returns 0 to ignore it. */
static int
term_translate(TermKeyKey *k, struct term_event *ev)
{
	TermKeyMouseEvent mev;
	struct timespec now;
	int button, line, col;

	memset(ev, 0, sizeof *ev);
	ev->type = TERM_KEY;
	if (k->type == TERMKEY_TYPE_MOUSE) {
		termkey_interpret_mouse(tk, k, &mev, &button, &line, &col);
		ev->line = line - 1;
		ev->col = col - 1;
		if (mev == TERMKEY_MOUSE_DRAG && button == 1) {
			strcpy(ev->key, "Drag");
			return 1;
		}
		if (mev != TERMKEY_MOUSE_PRESS)
			return 0;
		if (button == 4 || button == 5) {
			strcpy(ev->key, button == 4 ? "WheelUp" : "WheelDown");
			return 1;
		}
		if (button != 1)
			return 0;
		if (k->modifiers & TERMKEY_KEYMOD_SHIFT) {
			strcpy(ev->key, "S-Click");
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (ev->line == lastline && ev->col == lastcol &&
		    term_ms(&lastclick, &now) < DOUBLE_CLICK_MS) {
			strcpy(ev->key, "DoubleClick");
			lastline = -1;
		} else {
			strcpy(ev->key, "Click");
			lastline = ev->line;
			lastcol = ev->col;
			lastclick = now;
		}
		return 1;
	}
	if (k->type != TERMKEY_TYPE_UNICODE && k->type != TERMKEY_TYPE_KEYSYM &&
	    k->type != TERMKEY_TYPE_FUNCTION)
		return 0;
	termkey_strfkey(tk, ev->key, sizeof ev->key, k, 0);
	/*
	 * ESC [1~ and ESC [4~ are Home and End on PuTTY, the Linux console,
	 * screen and tmux; libtermkey names them Find and Select (VT220)
	 * when the terminfo entry (as xterm's) does not list them.
	 */
	if (k->type == TERMKEY_TYPE_KEYSYM && k->modifiers == 0 &&
	    k->code.sym == TERMKEY_SYM_FIND)
		strcpy(ev->key, "Home");
	if (k->type == TERMKEY_TYPE_KEYSYM && k->modifiers == 0 &&
	    k->code.sym == TERMKEY_SYM_SELECT)
		strcpy(ev->key, "End");
	if (k->type == TERMKEY_TYPE_UNICODE && k->code.codepoint == ' ' &&
	    k->modifiers == 0)
		strcpy(ev->key, "Space");	/* the text stays " " */
	if (k->type == TERMKEY_TYPE_UNICODE &&
	    !(k->modifiers & (TERMKEY_KEYMOD_CTRL | TERMKEY_KEYMOD_ALT)))
		snprintf(ev->text, sizeof ev->text, "%s", k->utf8);
	return 1;
}

/* Take the new size of the terminal. */
static void
term_resize(void)
{
	struct winsize ws;

	if (ioctl(term.fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
}

void
term_event(struct term_event *ev, int timeout_ms)
{
	struct pollfd pfd[3];
	TermKeyResult ret;
	TermKeyKey k;
	char drain[64];
	int wait, n;

	memset(ev, 0, sizeof *ev);
	for (;;) {
		if (continued) {
			/* Take the screen over again after a stop. */
			continued = 0;
			reset_prog_mode();
			term_write(term.fd, enter, enterlen);
			clearok(curscr, TRUE);
			resized = 1;
		}
		if (resized) {
			resized = 0;
			term_resize();
			ev->type = TERM_RESIZE;
			return;
		}
		if (quitsig != 0) {
			ev->type = TERM_QUIT;
			return;
		}
		ret = termkey_getkey(tk, &k);
		if (ret == TERMKEY_RES_KEY) {
			if (term_translate(&k, ev))
				return;
			continue;
		}
		if (ret == TERMKEY_RES_EOF) {
			ev->type = TERM_CLOSED;
			return;
		}
		wait = ret == TERMKEY_RES_AGAIN ? termkey_get_waittime(tk) :
		    timeout_ms;
		pfd[0].fd = term.fd;
		pfd[0].events = POLLIN;
		pfd[1].fd = wakefd[0];
		pfd[1].events = POLLIN;
		pfd[2].fd = watchfd;
		pfd[2].events = POLLIN;
		pfd[2].revents = 0;
		n = wakefd[0] != -1 ? 2 : 1;
		if (watchfd >= 0) {
			pfd[n] = pfd[2];
			n++;
		}
		switch (poll(pfd, (nfds_t)n, wait)) {
		case -1:
			if (errno != EINTR && errno != EAGAIN) {
				ev->type = TERM_CLOSED;
				return;
			}
			continue;
		case 0:
			if (ret == TERMKEY_RES_AGAIN &&
			    termkey_getkey_force(tk, &k) == TERMKEY_RES_KEY &&
			    term_translate(&k, ev))
				return;
			if (ret != TERMKEY_RES_AGAIN) {
				ev->type = TERM_NONE;
				return;
			}
			continue;
		}
		if (wakefd[0] != -1 && (pfd[1].revents & POLLIN))
			while (read(wakefd[0], drain, sizeof drain) > 0)
				;
		if (watchfd >= 0 && (pfd[n - 1].revents &
		    (POLLIN | POLLHUP | POLLERR))) {
			ev->type = TERM_WATCHED;
			return;
		}
		if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR))
			termkey_advisereadable(tk);
	}
}

/* The squared distance between two colours. */
static int
term_dist(struct rgb a, int r, int g, int b)
{
	return (a.r - r) * (a.r - r) + (a.g - g) * (a.g - g) +
	    (a.b - b) * (a.b - b);
}

/* The nearest of the 6 levels of the xterm colour cube. */
static int
term_level(int v)
{
	if (v < 48)
		return 0;
	if (v < 115)
		return 1;
	return (v - 35) / 40;
}

int
term_color(struct rgb c)
{
	int i, best = 1, d, bestd = 1 << 30, n, r, g, b, grey, gl;

	switch (term.colors) {
	case TERM_256:
		r = term_level(c.r);
		g = term_level(c.g);
		b = term_level(c.b);
		grey = (c.r + c.g + c.b) / 3;
		gl = grey < 8 ? 0 : grey > 238 ? 23 : (grey - 8 + 5) / 10;
		if (term_dist(c, 8 + gl * 10, 8 + gl * 10, 8 + gl * 10) <
		    term_dist(c, cube[r], cube[g], cube[b]))
			return 232 + gl;
		return 16 + 36 * r + 6 * g + b;
	case TERM_16:
	case TERM_8:
		/* Not black: text is drawn in black on the frames. */
		n = term.colors == TERM_16 ? 16 : 8;
		for (i = 1; i < n; i++) {
			if (i == 8)
				continue;
			d = term_dist(c, basic[i].r, basic[i].g, basic[i].b);
			if (d < bestd) {
				bestd = d;
				best = i;
			}
		}
		return best;
	default:
		return TERM_DEFAULT;
	}
}

short
term_pair(int fg, int bg)
{
	short *p;

	if (term.colors == TERM_MONO || fg < -1 || fg > 255 || bg < -1 ||
	    bg > 255)
		return 0;
	p = &pairs[fg + 1][bg + 1];
	if (*p == 0) {
		if (npairs + 1 >= COLOR_PAIRS || npairs == 32766)
			return 0;
		*p = ++npairs;
		init_pair(*p, (short)fg, (short)bg);
	}
	return *p;
}
