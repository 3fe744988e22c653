/*
 * save.c: outputs written through a temporary file and a rename.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "save.h"
#include "util.h"

#define SAVE_BUFSIZE (1u << 18)

/*
 * The temporary file being written, for a signal that ends the program to
 * remove: a copy, since a handler may not look at malloc'ed memory that is
 * being freed.
 */
static char save_pending[PATH_MAX];
static volatile sig_atomic_t save_has_pending;

void
save_forget_pending(void)
{
	if (save_has_pending) {
		save_has_pending = 0;
		unlink(save_pending);
	}
}

/* Remove the temporary file and let the signal take its course. */
static void
save_fatal_signal(int sig)
{
	save_forget_pending();
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * Note tmp as the file to remove if a signal ends the program while it is
 * written. Signals someone else handles (the TUI's, a recording's) are left
 * to them; term.c removes the file too.
 */
static void
save_guard(const char *tmp)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ };
	struct sigaction sa, old;
	size_t i;

	if (strlen(tmp) >= sizeof save_pending)
		return;
	save_has_pending = 0;
	memcpy(save_pending, tmp, strlen(tmp) + 1);
	save_has_pending = 1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = save_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
	}
}

void
save_input_add(struct input_ids *in, const char *path)
{
	struct stat st;

	if (strcmp(path, "-") == 0 || stat(path, &st) != 0)
		return;
	in->ids = xgrow(in->ids, &in->cap, in->n + 1, sizeof *in->ids);
	in->ids[in->n].dev = st.st_dev;
	in->ids[in->n].ino = st.st_ino;
	in->n++;
}

void
save_input_free(struct input_ids *in)
{
	free(in->ids);
	memset(in, 0, sizeof *in);
}

/* Is the existing file at path one of the inputs? */
static int
save_is_input(const char *path, const struct input_ids *in)
{
	struct stat st;
	size_t i;

	if (in == NULL || stat(path, &st) != 0)
		return 0;
	for (i = 0; i < in->n; i++)
		if (in->ids[i].dev == st.st_dev && in->ids[i].ino == st.st_ino)
			return 1;
	return 0;
}

int
save_open(struct save *s, const char *path, const struct input_ids *in,
    char *err, size_t errlen)
{
	const char *slash, *base;
	mode_t mask;
	size_t dirlen;
	int fd = -1;

	memset(s, 0, sizeof *s);
	s->path = path;
	s->buf = xmalloc(SAVE_BUFSIZE);
	if (strcmp(path, "-") == 0) {
		/* A stream of our own, so its buffer can be ours too. */
		fflush(stdout);
		if ((fd = dup(STDOUT_FILENO)) == -1 ||
		    (s->f = fdopen(fd, "w")) == NULL) {
			snprintf(err, errlen, "standard output: %s",
			    strerror(errno));
			if (fd != -1)
				close(fd);
			goto fail;
		}
		setvbuf(s->f, s->buf, _IOFBF, SAVE_BUFSIZE);
		return 0;
	}
	if (*path == '\0') {
		snprintf(err, errlen, "no output file name given");
		goto fail;
	}
	if (save_is_input(path, in)) {
		snprintf(err, errlen, "%s: refusing to overwrite an input file",
		    path);
		goto fail;
	}
	slash = strrchr(path, '/');
	base = slash != NULL ? slash + 1 : path;
	dirlen = (size_t)(base - path);
	if (*base == '\0') {
		snprintf(err, errlen, "%s: is a directory, not a file name",
		    path);
		goto fail;
	}
	s->tmp = xasprintf("%.*s.%s.XXXXXX", (int)dirlen, path, base);
	if ((fd = mkstemp(s->tmp)) == -1) {
		snprintf(err, errlen, "%s: cannot create a temporary file in "
		    "%.*s: %s", path, dirlen > 0 ? (int)dirlen : 1,
		    dirlen > 0 ? path : ".", strerror(errno));
		free(s->tmp);
		s->tmp = NULL;
		goto fail;
	}
	save_guard(s->tmp);
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	if ((s->f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: %s", s->tmp, strerror(errno));
		close(fd);
		save_abort(s);
		return -1;
	}
	setvbuf(s->f, s->buf, _IOFBF, SAVE_BUFSIZE);
	return 0;
fail:
	free(s->buf);
	s->buf = NULL;
	return -1;
}

int
save_commit(struct save *s, char *err, size_t errlen)
{
	int e;

	if (s->tmp == NULL) {
		e = ferror(s->f) ? EIO : 0;
		if (fclose(s->f) != 0 && e == 0)
			e = errno;
		s->f = NULL;
		free(s->buf);
		s->buf = NULL;
		if (e != 0) {
			snprintf(err, errlen, "writing to standard output: %s",
			    strerror(e));
			return -1;
		}
		return 0;
	}
	if (fflush(s->f) != 0 || ferror(s->f) || fsync(fileno(s->f)) != 0) {
		e = errno != 0 ? errno : EIO;
		snprintf(err, errlen, "%s: write failed: %s (nothing written)",
		    s->path, strerror(e));
		save_abort(s);
		return -1;
	}
	if (fclose(s->f) != 0) {
		s->f = NULL;
		snprintf(err, errlen, "%s: write failed: %s (nothing written)",
		    s->path, strerror(errno));
		save_abort(s);
		return -1;
	}
	s->f = NULL;
	if (rename(s->tmp, s->path) != 0) {
		snprintf(err, errlen, "%s: cannot rename %s to it: %s", s->path,
		    s->tmp, strerror(errno));
		save_abort(s);
		return -1;
	}
	/* Renamed: the name is free again, nothing to remove. */
	save_has_pending = 0;
	free(s->tmp);
	s->tmp = NULL;
	free(s->buf);
	s->buf = NULL;
	return 0;
}

void
save_abort(struct save *s)
{
	if (s->f != NULL)
		fclose(s->f);
	s->f = NULL;
	if (s->tmp != NULL) {
		save_has_pending = 0;
		unlink(s->tmp);
		free(s->tmp);
		s->tmp = NULL;
	}
	free(s->buf);
	s->buf = NULL;
}
