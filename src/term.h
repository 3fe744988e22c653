/*
 * term.h: the terminal. curses draws on /dev/tty (so standard input can be
 * a pipe), libtermkey reads keys and mouse events from it, and colours are
 * matched to what the terminal has.
 *
 * The terminal is put back as it was on term_close(), on fatal(), and on
 * every signal whose default action ends the program (SIGINT, SIGTERM,
 * SIGSEGV, SIGXCPU, SIGPIPE, SIGUSR1, real-time signals ...), unless it
 * is ignored, or handled already by someone else (a preloaded profiler's
 * SIGPROF; Ctrl-C, SIGTERM, SIGHUP, SIGQUIT and the crashes are always
 * ours): the handlers write a restore sequence
 * prepared in advance (leave the alternate screen, mouse reporting off,
 * attributes reset) and restore the saved termios, which is
 * async-signal-safe, then let the signal take its default course.
 */
#ifndef TERM_H
#define TERM_H

#include <stdint.h>
#include <stdio.h>

#include "palette.h"

enum term_colors {
	TERM_MONO,		/* no colour: attributes only */
	TERM_8,
	TERM_16,
	TERM_256,
};

#define TERM_DEFAULT (-1)	/* the terminal's own colour */

enum term_event_type {
	TERM_NONE,		/* timed out */
	TERM_KEY,		/* a key, or a mouse event named as a key */
	TERM_RESIZE,		/* the window changed size */
	TERM_CLOSED,		/* the terminal went away */
	TERM_WATCHED,		/* the descriptor of term_watch() is ready */
	TERM_QUIT,		/* SIGINT, SIGTERM or SIGHUP, with term_soft_quit() */
};

struct term_event {
	enum term_event_type type;
	char key[32];		/* "Up", "k", "C-l", "Click", "WheelUp", ... */
	char text[8];		/* UTF-8 of a plain character key, else "" */
	int line, col;		/* where a mouse event happened, from 0 */
};

struct term {
	int fd;			/* /dev/tty, or -1 */
	enum term_colors colors;
	int utf8;		/* the locale's charset is UTF-8 */
};

extern struct term term;

/*
 * Start curses and libtermkey on /dev/tty. no_color asks for monochrome.
 * Returns 0, or -1 with a message in err when there is no terminal.
 */
int term_open(int no_color, char *err, size_t errlen);
/*
 * Start curses drawing into f as a terminal of type termtype, without
 * input or signal handling: for the benchmark.
 */
int term_open_file(FILE *f, const char *termtype, int no_color);
/* Put the terminal back. Safe to call twice. */
void term_close(void);
/*
 * Put len bytes of s on the terminal's clipboard: OSC 52 ("ESC ] 52 ; c ;
 * base64 BEL"), which most terminals take, also over SSH; tmux keeps it in
 * a paste buffer and passes it on with set-clipboard on.
 */
void term_clipboard(const char *s, size_t len);

/*
 * Wait up to timeout_ms (-1: for ever) for a key, mouse event or resize.
 */
void term_event(struct term_event *, int timeout_ms);
/* Have term_event() also wait for fd to be readable (-1: no more). */
void term_watch(int fd);
/*
 * Before term_open(): SIGINT, SIGTERM and SIGHUP become TERM_QUIT events,
 * so that the program can stop what it runs and say so, rather than end
 * at once. Returns the signal that came, or 0.
 */
void term_soft_quit(void);
int term_quit_signal(void);

/* The terminal's nearest colour to c, for term_pair(). */
int term_color(struct rgb c);
/* The colour pair for a foreground and background (TERM_DEFAULT or term_color()). */
short term_pair(int fg, int bg);

/*
 * While loading, before term_open(): on SIGINT, SIGTERM or SIGHUP erase the
 * progress line on stderr and exit.
 */
void term_guard_loading(void);

#endif
