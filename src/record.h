/*
 * record.h: `flametui record`, which runs the system's perf and opens what
 * it recorded.
 */
#ifndef RECORD_H
#define RECORD_H

/*
 * Run `flametui record`; argv[0] is "record". Returns the exit status:
 * 0 when stacks were recorded and shown or saved, 1 when nothing was
 * sampled, 2 on a usage error or when recording was refused or failed,
 * 130 when interrupted before anything could be shown.
 */
int record_main(int argc, char **argv);

#endif
