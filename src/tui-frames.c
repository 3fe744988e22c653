/*
 * tui-frames.c: F, frames named at another level (--frames). The profile
 * holds names at one level only, so the input is read again at the next
 * level it can give; the new profile replaces the one shown, and the
 * filters apply to it as they did. Levels the input cannot give are
 * skipped, and the message says which and why.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "formats.h"
#include "tui-screen.h"
#include "util.h"

int
frames_cycle(struct tui *t)
{
	const struct tui_frames *f = t->frames;
	struct profile *p;
	unsigned skipped = 0;
	char err[256], names[128];
	int next;

	if (f == NULL || f->reload == NULL) {
		snprintf(t->msg, sizeof t->msg, "frames: this view cannot read "
		    "its input again at another level");
		return VIEW_DRAW;
	}
	if (heatmap_frozen(t)) {
		snprintf(t->msg, sizeof t->msg, "frames: not while a time range "
		    "is shown (m, Escape, Enter: the whole profile)");
		return VIEW_DRAW;
	}
	for (next = (t->level + 1) % FRAMES_COUNT; next != t->level &&
	    !(f->levels & FRAMES_BIT(next)); next = (next + 1) % FRAMES_COUNT)
		skipped |= FRAMES_BIT(next);
	if (next == t->level) {
		snprintf(t->msg, sizeof t->msg, "frames: by %s only (%s: %s)",
		    frames_name(t->level), frames_names(skipped, names,
		    sizeof names), f->why);
		return VIEW_DRAW;
	}
	p = xmalloc(sizeof *p);
	profile_init(p);
	err[0] = '\0';
	if (f->reload(f->ctx, next, p, err, sizeof err) != 0) {
		profile_free(p);
		free(p);
		snprintf(t->msg, sizeof t->msg, "frames: %s", err);
		return VIEW_DRAW;
	}
	heatmap_renew(t, p);
	filters_reload(t, p);
	frames_free(t);
	t->reread = p;
	t->level = next;
	if (skipped != 0)
		snprintf(t->msg, sizeof t->msg, "frames by %s (skipped %s: %s)",
		    frames_name(next), frames_names(skipped, names,
		    sizeof names), f->why);
	else
		snprintf(t->msg, sizeof t->msg, "frames by %s",
		    frames_name(next));
	return VIEW_LAYOUT;
}

void
frames_free(struct tui *t)
{
	if (t->reread == NULL)
		return;
	if (t->orig == t->reread)
		t->orig = NULL;
	if (t->full == t->reread)
		t->full = NULL;
	profile_free(t->reread);
	free(t->reread);
	t->reread = NULL;
}
