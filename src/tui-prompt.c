/*
 * tui-prompt.c: a line of input on the bottom row, with the usual editing
 * keys. The search uses it; so can anything that asks for a name.
 */
#include "config.h"

#include <curses.h>
#include <string.h>

#include "keys.h"
#include "term.h"
#include "text.h"
#include "tui-prompt.h"

/* The byte offset of the character before cur. */
static size_t
prompt_prev(const struct prompt *pr, size_t cur)
{
	if (cur == 0)
		return 0;
	cur--;
	while (cur > 0 && ((unsigned char)pr->buf[cur] & 0xc0) == 0x80)
		cur--;
	return cur;
}

/* The byte offset of the character after cur. */
static size_t
prompt_next(const struct prompt *pr, size_t cur)
{
	if (cur >= pr->len)
		return pr->len;
	cur++;
	while (cur < pr->len && ((unsigned char)pr->buf[cur] & 0xc0) == 0x80)
		cur++;
	return cur;
}

/* Remove the bytes [from, to) of the text. */
static void
prompt_cut(struct prompt *pr, size_t from, size_t to)
{
	memmove(pr->buf + from, pr->buf + to, pr->len - to + 1);
	pr->len -= to - from;
	pr->cur = from;
}

/* Draw the prompt on the bottom line and put the cursor in it. */
static void
prompt_draw(const struct prompt *pr)
{
	char out[4096], hint[64] = "";
	int lw, hw = 0, avail, x;
	size_t start = 0;

	move(LINES - 1, 0);
	clrtoeol();
	if (pr->icase != NULL)
		hw = snprintf(hint, sizeof hint, "  Tab: ignore case %s",
		    *pr->icase ? "[on]" : "[off]");
	lw = text_width(pr->label, strlen(pr->label), term.utf8);
	avail = COLS - lw - hw - 1;
	if (avail < 1) {
		hw = 0;
		avail = COLS - lw - 1;
	}
	if (avail < 1)
		return;
	/* Scroll the text so that the cursor shows. */
	while (text_width(pr->buf + start, pr->cur - start, term.utf8) > avail)
		start = prompt_next(pr, start);
	text_fit(pr->label, strlen(pr->label), COLS, term.utf8, out, sizeof out);
	mvaddstr(LINES - 1, 0, out);
	text_fit(pr->buf + start, pr->len - start, avail, term.utf8, out,
	    sizeof out);
	addstr(out);
	if (hw > 0) {
		attr_set(A_DIM, 0, NULL);
		mvaddstr(LINES - 1, COLS - hw, hint);
		attr_set(A_NORMAL, 0, NULL);
	}
	x = lw + text_width(pr->buf + start, pr->cur - start, term.utf8);
	move(LINES - 1, x < COLS ? x : COLS - 1);
}

int
prompt_read(struct prompt *pr)
{
	struct term_event ev;
	size_t n, k;
	int ret;

	pr->buf[sizeof pr->buf - 1] = '\0';
	pr->len = pr->cur = strlen(pr->buf);
	curs_set(1);
	for (;;) {
		prompt_draw(pr);
		refresh();
		term_event(&ev, -1);
		if (ev.type == TERM_CLOSED) {
			ret = 0;
			break;
		}
		if (ev.type == TERM_RESIZE) {
			if (pr->redraw != NULL)
				pr->redraw(pr->arg);
			continue;
		}
		if (ev.type != TERM_KEY)
			continue;
		switch (keys_find(KEYS_PROMPT, ev.key)) {
		case ACT_P_ACCEPT:
			ret = 1;
			goto done;
		case ACT_P_CANCEL:
			ret = 0;
			goto done;
		case ACT_P_BACKSPACE:
			prompt_cut(pr, prompt_prev(pr, pr->cur), pr->cur);
			break;
		case ACT_P_DELETE:
			prompt_cut(pr, pr->cur, prompt_next(pr, pr->cur));
			break;
		case ACT_P_LEFT:
			pr->cur = prompt_prev(pr, pr->cur);
			break;
		case ACT_P_RIGHT:
			pr->cur = prompt_next(pr, pr->cur);
			break;
		case ACT_P_HOME:
			pr->cur = 0;
			break;
		case ACT_P_END:
			pr->cur = pr->len;
			break;
		case ACT_P_KILL:
			prompt_cut(pr, 0, pr->len);
			break;
		case ACT_P_WORD:
			k = pr->cur;
			while (k > 0 && pr->buf[k - 1] == ' ')
				k--;
			while (k > 0 && pr->buf[k - 1] != ' ')
				k--;
			prompt_cut(pr, k, pr->cur);
			break;
		case ACT_P_CASE:
			if (pr->icase != NULL)
				*pr->icase = !*pr->icase;
			break;
		default:
			n = strlen(ev.text);
			if (n == 0 || pr->len + n >= sizeof pr->buf)
				break;
			memmove(pr->buf + pr->cur + n, pr->buf + pr->cur,
			    pr->len - pr->cur + 1);
			memcpy(pr->buf + pr->cur, ev.text, n);
			pr->len += n;
			pr->cur += n;
			break;
		}
	}
done:
	curs_set(0);
	move(LINES - 1, 0);
	clrtoeol();
	return ret;
}
