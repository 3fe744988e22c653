/*
 * keys.c: the key table.
 *
 * A row holds every key with the same action and description, shown
 * together on one help line ("Up, k").
 */
#include "config.h"

#include <string.h>

#include "keys.h"

const struct key keys[] = {
	{ KEYS_GRAPH, { "Up", "k" }, ACT_UP, "move up: to a child in a flame "
	    "graph, to the parent in an icicle" },
	{ KEYS_GRAPH, { "Down", "j" }, ACT_DOWN, "move down: to the parent in "
	    "a flame graph, to a child in an icicle" },
	{ KEYS_GRAPH, { "Left", "h" }, ACT_LEFT, "move to the previous frame "
	    "at the same depth" },
	{ KEYS_GRAPH, { "Right", "l" }, ACT_RIGHT, "move to the next frame at "
	    "the same depth" },
	{ KEYS_GRAPH, { "Enter" }, ACT_ZOOM, "zoom into the selected frame" },
	{ KEYS_GRAPH, { "Backspace" }, ACT_UNZOOM, "go back one zoom level" },
	{ KEYS_GRAPH, { "Escape" }, ACT_ESCAPE, "clear the search; without "
	    "one, go back one zoom level" },
	{ KEYS_GRAPH, { "0", "Home" }, ACT_RESET, "reset the zoom to the whole "
	    "profile" },
	{ KEYS_GRAPH, { "PageUp" }, ACT_PAGE_UP, "scroll up a page" },
	{ KEYS_GRAPH, { "PageDown" }, ACT_PAGE_DOWN, "scroll down a page" },
	{ KEYS_GRAPH, { "C-y" }, ACT_SCROLL_UP, "scroll up a row" },
	{ KEYS_GRAPH, { "C-e" }, ACT_SCROLL_DOWN, "scroll down a row" },
	{ KEYS_GRAPH, { "i" }, ACT_ICICLE, "switch between a flame graph (root "
	    "at the bottom) and an icicle (root at the top)" },
	{ KEYS_GRAPH, { "/" }, ACT_SEARCH, "search frame names for an extended "
	    "regular expression" },
	{ KEYS_GRAPH, { "n" }, ACT_NEXT, "select the next matching frame, "
	    "zooming to draw it" },
	{ KEYS_GRAPH, { "N" }, ACT_PREV, "select the previous matching frame, "
	    "zooming to draw it" },
	{ KEYS_GRAPH, { "L" }, ACT_MATCHES, "list the functions the search "
	    "matches with their self and total shares (Enter: show one in "
	    "the graph), or back" },
	{ KEYS_GRAPH, { "u" }, ACT_UNDO, "undo the last change to the view: a "
	    "zoom, a filter, a time range, a switch of view" },
	{ KEYS_GRAPH, { "r" }, ACT_REVERSE, "reverse (bottom-up): merge stacks "
	    "from the leaf, or back" },
	{ KEYS_GRAPH, { "f" }, ACT_FOCUS, "focus on the selected function: "
	    "every stack through it, rooted at it" },
	{ KEYS_GRAPH, { "H" }, ACT_HIDE, "hide the frames matching a regular "
	    "expression (empty: none)" },
	{ KEYS_GRAPH, { "I" }, ACT_IGNORE, "ignore the stacks with a frame "
	    "matching a regular expression (empty: none)" },
	{ KEYS_GRAPH, { "p" }, ACT_PRUNE, "prune blocks under a percentage of "
	    "the total into their parent" },
	{ KEYS_GRAPH, { "R" }, ACT_RECURSION, "collapse recursion (f;f;f "
	    "becomes f), or back" },
	{ KEYS_GRAPH, { "t" }, ACT_TOP, "the top table of every function, or "
	    "back to where it was opened" },
	{ KEYS_GRAPH, { "o" }, ACT_SORT, "top table: sort by self or by total "
	    "samples" },
	{ KEYS_GRAPH, { "c" }, ACT_SANDWICH, "callers (above) and callees "
	    "(below) of the selected function, or back to where they were "
	    "opened" },
	{ KEYS_GRAPH, { "Tab" }, ACT_PANE, "callers and callees: move between "
	    "the two panes" },
	{ KEYS_GRAPH, { "s" }, ACT_SAVE_SVG, "save what is on the screen "
	    "(zoom, orientation, search) as an interactive SVG file; asks "
	    "before replacing a file" },
	{ KEYS_GRAPH, { "y" }, ACT_COPY_NAME, "copy the selected frame's name "
	    "to the clipboard (OSC 52: over SSH too; in tmux, with "
	    "set-clipboard on)" },
	{ KEYS_GRAPH, { "Y" }, ACT_COPY_STACK, "copy the selected frame's "
	    "stack to the clipboard as one folded line, root first (a;b;c)" },
	{ KEYS_GRAPH, { "?" }, ACT_HELP, "show this help" },
	{ KEYS_GRAPH, { "C-l" }, ACT_REDRAW, "redraw the screen" },
	{ KEYS_GRAPH, { "q" }, ACT_QUIT, "quit" },
	{ KEYS_GRAPH, { "Click" }, ACT_CLICK, "select a frame; on the selected "
	    "frame, zoom into it" },
	{ KEYS_GRAPH, { "DoubleClick" }, ACT_DOUBLE_CLICK,
	    "zoom into a frame" },
	{ KEYS_GRAPH, { "WheelUp" }, ACT_SCROLL_UP, "scroll up a row" },
	{ KEYS_GRAPH, { "WheelDown" }, ACT_SCROLL_DOWN, "scroll down a row" },
	{ KEYS_GRAPH, { "d" }, ACT_DIFF_COLOR, "differential input: colour "
	    "by the change of self (the stacks ending in a frame) or of share "
	    "(of the whole, callees included)" },
	{ KEYS_GRAPH, { "m" }, ACT_HEATMAP, "show the sub-second heat map of a "
	    "timestamped input" },
	{ KEYS_GRAPH, { "F" }, ACT_FRAMES, "name frames at the next level: "
	    "function, dso, function+dso, address, line (reading the input "
	    "again); levels the input does not have are skipped" },
	{ KEYS_GRAPH, { "w" }, ACT_WIDTHS, "differential input: size frames by "
	    "BEFORE (the stacks gone since are drawn) or by AFTER" },
	{ KEYS_GRAPH, { "e" }, ACT_SAMPLES, "count samples, or the weights perf "
	    "gave them (cpu-clock's time, cycles, ...), as --samples" },
	{ KEYS_GRAPH, { "C" }, ACT_CPI, "CPI profile (--cpi): colour frames "
	    "by cycles per instruction (blue low, red high), or by the "
	    "palette" },

	{ KEYS_PROMPT, { "Enter" }, ACT_P_ACCEPT, "accept" },
	{ KEYS_PROMPT, { "Escape", "C-g" }, ACT_P_CANCEL, "cancel" },
	{ KEYS_PROMPT, { "Tab" }, ACT_P_CASE, "search: toggle case-insensitive "
	    "matching" },
	{ KEYS_PROMPT, { "Backspace" }, ACT_P_BACKSPACE, "delete the character "
	    "before the cursor" },
	{ KEYS_PROMPT, { "Delete", "C-d" }, ACT_P_DELETE, "delete the "
	    "character under the cursor" },
	{ KEYS_PROMPT, { "Left", "C-b" }, ACT_P_LEFT, "move the cursor left" },
	{ KEYS_PROMPT, { "Right", "C-f" }, ACT_P_RIGHT,
	    "move the cursor right" },
	{ KEYS_PROMPT, { "Home", "C-a" }, ACT_P_HOME, "go to the start of the "
	    "line" },
	{ KEYS_PROMPT, { "End", "C-e" }, ACT_P_END,
	    "go to the end of the line" },
	{ KEYS_PROMPT, { "C-u" }, ACT_P_KILL, "delete the whole line" },
	{ KEYS_PROMPT, { "C-w" }, ACT_P_WORD, "delete the word before the "
	    "cursor" },

	{ KEYS_HEATMAP, { "Left", "h" }, ACT_LEFT, "move the cursor a second "
	    "back" },
	{ KEYS_HEATMAP, { "Right", "l" }, ACT_RIGHT, "move the cursor a second "
	    "on" },
	{ KEYS_HEATMAP, { "Up", "k" }, ACT_UP,
	    "move the cursor a bucket back" },
	{ KEYS_HEATMAP, { "Down", "j" }, ACT_DOWN,
	    "move the cursor a bucket on" },
	{ KEYS_HEATMAP, { "Space" }, ACT_H_MARK, "start a selection at the "
	    "cursor; again, end it there" },
	{ KEYS_HEATMAP, { "Enter" }, ACT_H_SHOW, "show the flame graph of the "
	    "selection (of everything when there is none)" },
	{ KEYS_HEATMAP, { "Escape" }, ACT_H_CLEAR, "clear the selection" },
	{ KEYS_HEATMAP, { "b" }, ACT_H_BUCKETS, "fewer buckets a second, among "
	    "those whose rows all fit on the screen (after the fewest, the "
	    "most)" },
	{ KEYS_HEATMAP, { "m" }, ACT_HEATMAP, "back to the flame graph" },
	{ KEYS_HEATMAP, { "Click" }, ACT_CLICK, "move the cursor to a cell and "
	    "start a selection there" },
	{ KEYS_HEATMAP, { "S-Click", "Drag" }, ACT_SHIFT_CLICK, "end the "
	    "selection at a cell" },
	{ KEYS_HEATMAP, { "DoubleClick" }, ACT_H_SHOW, "show the flame graph "
	    "of the selection" },
	{ KEYS_HEATMAP, { "?" }, ACT_HELP, "show the help" },
	{ KEYS_HEATMAP, { "C-l" }, ACT_REDRAW, "redraw the screen" },
	{ KEYS_HEATMAP, { "q" }, ACT_QUIT, "quit" },

	{ KEYS_TOP, { "p", "Space" }, ACT_PAUSE, "pause the picture while "
	    "recording goes on; again, resume and catch up" },
	{ KEYS_TOP, { "P" }, ACT_PRUNE, "prune blocks under a percentage of "
	    "the total into their parent (p in the viewer)" },
	{ KEYS_GRAPH, { NULL }, ACT_NONE, NULL }
};

enum action
keys_find(enum keys_context ctx, const char *key)
{
	const struct key *k;
	size_t i;

	for (k = keys; k->names[0] != NULL; k++)
		for (i = 0; k->ctx == ctx && k->names[i] != NULL; i++)
			if (strcmp(k->names[i], key) == 0)
				return k->action;
	return ACT_NONE;
}

void
keys_list(FILE *f)
{
	const struct key *k;
	size_t i;

	for (k = keys; k->names[0] != NULL; k++)
		for (i = 0; k->names[i] != NULL; i++)
			fprintf(f, "%s\t%s\t%s\n", k->ctx == KEYS_GRAPH ?
			    "graph" : k->ctx == KEYS_PROMPT ? "prompt" :
			    k->ctx == KEYS_TOP ? "top" : "heatmap",
			    k->names[i], k->desc);
}
