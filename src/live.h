/*
 * live.h: `flametui top`, a live flame graph of what perf records now.
 */
#ifndef LIVE_H
#define LIVE_H

/*
 * Run `flametui top`; argv[0] is "top". Returns the exit status: 0 when
 * the user quit, 1 when perf stopped before recording anything, 2 on a
 * usage error, a refusal, or a failure of perf or of -o, 128 + the
 * signal's number when one ended it.
 */
int live_main(int argc, char **argv);

#endif
