/*
 * tui-screen.c: the screen that is up: laying it out and drawing it, also
 * from under a prompt when the terminal is resized.
 */
#include "config.h"

#include <curses.h>

#include "tui.h"

void
screen_layout(struct tui *t)
{
	filters_layout(t);
}

void
screen_draw(struct tui *t)
{
	if (t->help)
		help_draw(t);
	else if (t->cur.mode == MODE_TOP)
		table_draw(t);
	else if (t->heat)
		heatmap_draw(t);
	else
		flame_draw(t);
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
