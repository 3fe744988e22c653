/*
 * perf-data-script.c: perf.data read by running the system's `perf script`
 * on it, for what the native reader does not handle. What perf prints is
 * streamed through the perf script parser (fmt-perf.c): no text file is
 * written. The child processes die with flametui.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "perf-data.h"


#define PD_LOG_LINES 5		/* lines of perf's errors shown */

/*
 * Start perf with argv, reading infd and writing outfd and errfd. It is
 * killed when flametui ends. Returns its pid, or -1.
 */
static pid_t
pd_spawn(const char *perf, char **argv, int infd, int outfd, int errfd)
{
	pid_t parent = getpid(), child;

	fflush(stdout);
	fflush(stderr);
	if ((child = fork()) != 0)
		return child;
	util_tether(parent, SIGKILL);
	if (dup2(infd, STDIN_FILENO) < 0 || dup2(outfd, STDOUT_FILENO) < 0 ||
	    dup2(errfd, STDERR_FILENO) < 0)
		_exit(127);
	execv(perf, argv);
	dprintf(STDERR_FILENO, "%s: %s\n", perf, strerror(errno));
	_exit(127);
}

/*
 * Copy what is left of r, the bytes already buffered first, into outfd
 * from a child process that dies with flametui. Returns its pid, or -1.
 */
static pid_t
pd_feed(struct reader *r, int outfd)
{
	pid_t parent = getpid(), child;
	char buf[65536];
	size_t n, off;
	ssize_t w;

	if ((child = fork()) != 0)
		return child;
	/* Not SIGTERM: this copy of flametui would restore the terminal. */
	util_tether(parent, SIGKILL);
	r->progress = NULL;
	while ((n = reader_read(r, buf, sizeof buf)) > 0)
		for (off = 0; off < n; off += (size_t)w)
			if ((w = write(outfd, buf + off, n - off)) < 0 &&
			    errno != EINTR)
				_exit(1);
			else if (w < 0)
				w = 0;
	_exit(r->error ? 1 : 0);
}

/*
 * Whether the stream r starts as a perf.data file (not a pipe's stream),
 * in either byte order: its header is not the 16 bytes of pipe mode.
 */
static int
pd_is_file_mode(struct reader *r)
{
	const char *buf;
	size_t len = reader_peek(r, &buf);

	return len >= 16 && pd_u64((const unsigned char *)buf + 8) != 16;
}

/*
 * Copy what is left of r into a temporary file that is already unlinked.
 * Returns its descriptor, at offset 0, or -1 with a message in err.
 */
static int
pd_spool(struct reader *r, char *err, size_t errlen)
{
	char buf[65536];
	size_t n, off;
	ssize_t w;
	FILE *f;
	int fd;

	if ((f = tmpfile()) == NULL) {
		snprintf(err, errlen, "%s: cannot make a temporary copy for "
		    "perf script: %s", r->name, strerror(errno));
		return -1;
	}
	fd = dup(fileno(f));
	fclose(f);
	while ((n = reader_read(r, buf, sizeof buf)) > 0)
		for (off = 0; off < n; off += (size_t)w)
			if ((w = write(fd, buf + off, n - off)) < 0) {
				if (errno == EINTR) {
					w = 0;
					continue;
				}
				snprintf(err, errlen, "%s: cannot make a "
				    "temporary copy for perf script: %s",
				    r->name, strerror(errno));
				close(fd);
				return -1;
			}
	if (r->error || lseek(fd, 0, SEEK_SET) < 0) {
		snprintf(err, errlen, "%s", r->error ? r->errmsg :
		    strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Add what perf said on its standard error, in log, as notes. */
static void
pd_log(struct diag *d, int log)
{
	char line[512];
	FILE *f;
	int n = 0;

	if (lseek(log, 0, SEEK_SET) < 0 || (f = fdopen(log, "r")) == NULL) {
		close(log);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\0')
			continue;
		if (n++ == PD_LOG_LINES) {
			diag_note(d, "perf script: ...");
			break;
		}
		diag_note(d, "perf script: %s", line);
	}
	fclose(f);
}

/* Wait for a child; returns its wait status. */
static int
pd_wait(pid_t child)
{
	int status = 0;

	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* Parse perf script's output on fd (which is closed) into the sink. */
static int
pd_read_script(int fd, struct reader *from, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct reader *r;
	int ret;

	if ((r = reader_fdopen(fd, "perf script", err, errlen)) == NULL)
		return -1;
	r->progress = from->progress;
	r->progress_arg = from->progress_arg;
	ret = fmt_perf.parse(r, o, sink, d, err, errlen);
	if (r->error) {
		snprintf(err, errlen, "%s", r->errmsg);
		ret = -1;
	}
	from->cancelled = r->cancelled;
	reader_close(r);
	return ret;
}

/*
 * Read perf.data by running `perf script` on it, with a note saying why.
 */
int
pd_script(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen,
    const char *why)
{
	char *argv[] = { (char *)"perf", (char *)"script", (char *)"-i",
	    (char *)"/proc/self/fd/0", NULL, NULL, NULL };
	int out[2], in[2] = { -1, -1 }, infd = -1, spool = -1;
	int log, status, ret;
	pid_t perf, feeder = -1;
	struct stat st;
	char *path;
	FILE *logf;

	if (o->no_perf) {
		snprintf(err, errlen, "%s: perf.data not read: %s", r->name, why);
		return -1;
	}
	if ((path = util_which("perf", NULL)) == NULL) {
		snprintf(err, errlen, "%s: perf.data is read with `perf "
		    "script`, and perf is not installed (not found in PATH): "
		    "install the Debian package linux-perf", r->name);
		return -1;
	}
	if (o->frames == FRAMES_LINE) {
		argv[4] = (char *)"-F";		/* --frames=line */
		argv[5] = (char *)"+srcline";
	}
	diag_note(d, "read through `perf script -i %s`: %s",
	    strcmp(r->name, "<stdin>") == 0 ? "-" : r->name, why);
	/*
	 * A file is perf's to seek in. perf reads a file's layout only from
	 * something it can seek in, so such a stream is copied to a
	 * temporary file first; a pipe's stream is fed to it as it comes.
	 */
	if (!r->compressed && fstat(r->fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    lseek(r->fd, 0, SEEK_SET) == 0)
		infd = r->fd;
	else if (pd_is_file_mode(r)) {
		diag_note(d, "perf script cannot read a perf.data file from a "
		    "pipe: it reads a temporary copy");
		if ((infd = spool = pd_spool(r, err, errlen)) < 0)
			return -1;
	}
	if ((logf = tmpfile()) == NULL || pipe2(out, O_CLOEXEC) < 0)
		fatal("perf script: %s", strerror(errno));
	log = dup(fileno(logf));
	fclose(logf);
	if (infd < 0) {
		argv[3] = (char *)"-";
		if (pipe2(in, O_CLOEXEC) < 0)
			fatal("pipe: %s", strerror(errno));
		feeder = pd_feed(r, in[1]);
		close(in[1]);
	}
	perf = pd_spawn(path, argv, in[0] >= 0 ? in[0] : infd, out[1], log);
	close(out[1]);
	if (in[0] >= 0)
		close(in[0]);
	if (spool >= 0)
		close(spool);
	free(path);
	if (perf < 0 || (in[0] >= 0 && feeder < 0))
		fatal("fork: %s", strerror(errno));
	ret = pd_read_script(out[0], r, o, sink, d, err, errlen);
	if (r->cancelled)
		kill(perf, SIGTERM);
	status = pd_wait(perf);
	if (feeder > 0) {
		kill(feeder, SIGKILL);	/* not SIGTERM: see pd_feed() */
		pd_wait(feeder);
	}
	pd_log(d, log);
	if (ret == 0 && !r->cancelled && (!WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)) {
		snprintf(err, errlen, "%s: perf script failed (%s %d)",
		    r->name, WIFEXITED(status) ? "exit status" : "signal",
		    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		ret = -1;
	}
	return ret;
}
