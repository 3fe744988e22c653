/*
 * tui-screen.c: which screen is up: laying it out and drawing it (also
 * from under a prompt when the terminal is resized), and switching to
 * another. It knows the screens only through t->screens and their
 * callbacks.
 */
#include "config.h"

#include "tui-screen.h"

void
screen_layout(struct tui *t)
{
	if (t->screen->layout != NULL)
		t->screen->layout(t);
}

void
screen_draw(struct tui *t)
{
	t->screen->draw(t);
}

void
screen_redraw(void *tui)
{
	screen_layout(tui);
	screen_draw(tui);
}

int
screen_prompt(struct tui *t, struct prompt *pr)
{
	pr->redraw = screen_redraw;
	pr->arg = t;
	return prompt_read(pr);
}

void
screen_enter(struct tui *t, enum tui_mode mode)
{
	const struct screen *s = t->screens[mode];

	t->cur.mode = mode;
	if (s->open != NULL && s->open(t) != 0) {
		t->cur.mode = MODE_GRAPH;
		s = t->screens[MODE_GRAPH];
	}
	t->screen = s;
}

void
screen_close(struct tui *t)
{
	const struct screen *s = t->screens[t->cur.mode];

	if (s->close != NULL)
		s->close(t);
	t->cur.mode = MODE_GRAPH;
	t->screen = t->screens[MODE_GRAPH];
}

const struct screen *
screen_base(const struct tui *t)
{
	return t->screens[t->cur.mode];
}

int
screen_push(struct tui *t, const struct screen *s)
{
	if (s->open != NULL && s->open(t) != 0)
		return VIEW_DRAW;
	t->screen = s;
	return VIEW_DRAW;
}
