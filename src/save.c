/*
 * save.c: outputs written through a temporary file and a rename, or in
 * place when the target is a stream or must keep its links.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
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

	if (strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &st) != 0 :
	    stat(path, &st) != 0)
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

/*
 * Is st, the file an output would write, one of the inputs? Only a file
 * with contents to lose counts: writing to a terminal, /dev/null or a pipe
 * that was also read loses nothing.
 */
static int
save_is_input(const struct stat *st, const struct input_ids *in)
{
	size_t i;

	if (in == NULL || (!S_ISREG(st->st_mode) && !S_ISBLK(st->st_mode)))
		return 0;
	for (i = 0; i < in->n; i++)
		if (in->ids[i].dev == st->st_dev && in->ids[i].ino == st->st_ino)
			return 1;
	return 0;
}

/* The target as messages name it. */
static const char *
save_name(const struct save *s)
{
	return strcmp(s->path, "-") == 0 ? "standard output" : s->path;
}

/* The descriptor /dev/stdout, /dev/fd/N or /proc/self/fd/N names, or -1. */
static int
save_fd_named(const char *path)
{
	static const char *const std[] = { "/dev/stdin", "/dev/stdout",
	    "/dev/stderr" };
	const char *num = NULL;
	char *end;
	long n;
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(path, std[i]) == 0)
			return i;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		num = path + 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		num = path + 14;
	if (num == NULL || *num < '0' || *num > '9')
		return -1;
	errno = 0;
	n = strtol(num, &end, 10);
	return *end != '\0' || errno != 0 || n > INT_MAX ? -1 : (int)n;
}

/*
 * Follow the symlinks that path's last component goes through, to the name
 * of the file an output to path writes: a malloc'ed path, or NULL with
 * errno set. *fdno is the descriptor a name on the way names
 * (save_fd_named), or -1.
 */
static char *
save_follow(const char *path, int *fdno)
{
	char *cur = xstrdup(path), *link, *next;
	const char *slash;
	struct stat st;
	ssize_t n;
	int hops;

	for (hops = 0;; hops++) {
		if ((*fdno = save_fd_named(cur)) >= 0 ||
		    lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		if (hops == 40) {
			errno = ELOOP;
			break;
		}
		link = xmalloc(PATH_MAX);
		if ((n = readlink(cur, link, PATH_MAX - 1)) < 0) {
			free(link);
			break;
		}
		link[n] = '\0';
		slash = strrchr(cur, '/');
		if (link[0] == '/' || slash == NULL)
			next = link;
		else {
			next = xasprintf("%.*s%s", (int)(slash + 1 - cur), cur,
			    link);
			free(link);
		}
		free(cur);
		cur = next;
	}
	free(cur);
	return NULL;
}

/* Connect to the socket at path, to write to it as a stream. */
static int
save_connect(const char *path)
{
	struct sockaddr_un sa;
	int fd, e;

	if (strlen(path) >= sizeof sa.sun_path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, path, strlen(path) + 1);
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0)
		return fd;
	e = errno;
	close(fd);
	errno = e;
	return -1;
}

/* Open the device, FIFO or socket at path (st) for writing, in place. */
static int
save_open_node(const char *path, const struct stat *st, int viewer)
{
	int fd, flags = O_WRONLY | O_NOCTTY | O_CLOEXEC;

	/* The viewer must not hang until some program reads the FIFO. */
	if (viewer && S_ISFIFO(st->st_mode))
		flags |= O_NONBLOCK;
	fd = open(path, flags);
	if (fd < 0 && errno == ENXIO && S_ISSOCK(st->st_mode))
		return save_connect(path);
	if (fd >= 0 && (flags & O_NONBLOCK))
		(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/* Buffer the stream fd, open on the target, unless it may not be written. */
static int
save_stream(struct save *s, int fd, const struct input_ids *in, char *err,
    size_t errlen)
{
	struct sigaction sa;
	struct stat st;
	int viewer = in != NULL && in->viewer;

	if (fstat(fd, &st) == 0 && save_is_input(&st, in)) {
		snprintf(err, errlen, "%s: refusing to overwrite an input file",
		    save_name(s));
		close(fd);
		return -1;
	}
	if (viewer && isatty(fd)) {
		snprintf(err, errlen, "%s: is a terminal: the graph would be "
		    "written over the screen", save_name(s));
		close(fd);
		return -1;
	}
	if ((s->f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: %s", save_name(s), strerror(errno));
		close(fd);
		return -1;
	}
	s->how = SAVE_STREAM;
	setvbuf(s->f, s->buf, _IOFBF, SAVE_BUFSIZE);
	if (viewer) {
		/* A reader that leaves is a failed write, not the end. */
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = SIG_IGN;
		sigemptyset(&sa.sa_mask);
		s->pipe_held = sigaction(SIGPIPE, &sa, &s->oldpipe) == 0;
	}
	return 0;
}

/*
 * Start a temporary file beside target, to be renamed over it, taking the
 * owner and mode of old, the file it replaces, if any. Returns 0, 1 when
 * old's owner cannot be kept (nothing is left behind), or -1.
 */
static int
save_open_rename(struct save *s, const char *target, const struct stat *old,
    char *err, size_t errlen)
{
	const char *slash = strrchr(target, '/');
	const char *base = slash != NULL ? slash + 1 : target;
	size_t dirlen = (size_t)(base - target);
	mode_t mask;
	int fd;

	if (*base == '\0') {
		snprintf(err, errlen, "%s: is a directory, not a file name",
		    s->path);
		return -1;
	}
	s->tmp = xasprintf("%.*s.%s.XXXXXX", (int)dirlen, target, base);
	if ((fd = mkstemp(s->tmp)) == -1) {
		snprintf(err, errlen, "%s: cannot create a temporary file in "
		    "%.*s: %s", s->path, dirlen > 0 ? (int)dirlen : 1,
		    dirlen > 0 ? target : ".", strerror(errno));
		free(s->tmp);
		s->tmp = NULL;
		return -1;
	}
	if (old != NULL && fchown(fd, old->st_uid, old->st_gid) != 0) {
		close(fd);
		unlink(s->tmp);
		free(s->tmp);
		s->tmp = NULL;
		return 1;
	}
	save_guard(s->tmp);
	mask = umask(0);
	umask(mask);
	(void)fchmod(fd, old != NULL ? old->st_mode & 07777 : 0666 & ~mask);
	s->how = SAVE_RENAME;
	s->target = xstrdup(target);
	if ((s->f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: %s", s->tmp, strerror(errno));
		close(fd);
		return -1;
	}
	setvbuf(s->f, s->buf, _IOFBF, SAVE_BUFSIZE);
	return 0;
}

/*
 * Open the regular file at path for writing in place, and an unnamed
 * temporary file in $TMPDIR to write the output to first.
 */
static int
save_open_inplace(struct save *s, const char *path, char *err, size_t errlen)
{
	const char *dir = getenv("TMPDIR");
	char *name;
	int fd;

	if ((s->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "%s: %s", s->path, strerror(errno));
		return -1;
	}
	s->how = SAVE_INPLACE;
	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	name = xasprintf("%s/flametui.XXXXXX", dir);
	if ((fd = mkstemp(name)) >= 0)
		unlink(name);
	free(name);
	if (fd < 0 || (s->f = fdopen(fd, "w+")) == NULL) {
		snprintf(err, errlen, "%s: cannot create a temporary file in "
		    "%s: %s", s->path, dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	setvbuf(s->f, s->buf, _IOFBF, SAVE_BUFSIZE);
	return 0;
}

/*
 * Open what path names, its symlinks followed: a stream, a file replaced
 * by rename, or a file written in place.
 */
static int
save_open_path(struct save *s, const struct input_ids *in, char *err,
    size_t errlen)
{
	struct stat st, lst;
	char *target;
	int fdno, fd, ret;

	if ((target = save_follow(s->path, &fdno)) == NULL) {
		snprintf(err, errlen, "%s: %s", s->path, strerror(errno));
		return -1;
	}
	if (fdno >= 0) {
		free(target);
		if ((fd = fcntl(fdno, F_DUPFD_CLOEXEC, 3)) < 0) {
			snprintf(err, errlen, "%s: %s", s->path,
			    strerror(errno));
			return -1;
		}
		return save_stream(s, fd, in, err, errlen);
	}
	if (stat(s->path, &st) != 0) {
		if (errno != ENOENT) {
			snprintf(err, errlen, "%s: %s", s->path,
			    strerror(errno));
			free(target);
			return -1;
		}
		ret = save_open_rename(s, target, NULL, err, errlen);
	} else if (S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: is a directory, not a file name",
		    s->path);
		ret = -1;
	} else if (save_is_input(&st, in)) {
		snprintf(err, errlen, "%s: refusing to overwrite an input file",
		    s->path);
		ret = -1;
	} else if (!S_ISREG(st.st_mode)) {
		if ((fd = save_open_node(s->path, &st, in != NULL &&
		    in->viewer)) < 0) {
			snprintf(err, errlen, "%s: %s", s->path,
			    errno == ENXIO && S_ISFIFO(st.st_mode) ?
			    "a FIFO that no program is reading" :
			    strerror(errno));
			ret = -1;
		} else
			ret = save_stream(s, fd, in, err, errlen);
	} else {
		/* Renamed only where the name followed is the file itself
		 * and its only link, and its owner can be kept. */
		ret = 1;
		if (st.st_nlink == 1 && lstat(target, &lst) == 0 &&
		    lst.st_dev == st.st_dev && lst.st_ino == st.st_ino)
			ret = save_open_rename(s, target, &st, err, errlen);
		if (ret == 1)
			ret = save_open_inplace(s, s->path, err, errlen);
	}
	free(target);
	return ret;
}

int
save_open(struct save *s, const char *path, const struct input_ids *in,
    char *err, size_t errlen)
{
	int fd;

	memset(s, 0, sizeof *s);
	s->path = path;
	s->fd = -1;
	s->buf = xmalloc(SAVE_BUFSIZE);
	if (*path == '\0') {
		snprintf(err, errlen, "no output file name given");
		save_abort(s);
		return -1;
	}
	if (strcmp(path, "-") == 0) {
		/* A stream of our own, so its buffer can be ours too. */
		fflush(stdout);
		if ((fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)) < 0) {
			snprintf(err, errlen, "standard output: %s",
			    strerror(errno));
			save_abort(s);
			return -1;
		}
		if (save_stream(s, fd, in, err, errlen) < 0) {
			save_abort(s);
			return -1;
		}
		return 0;
	}
	if (save_open_path(s, in, err, errlen) < 0) {
		save_abort(s);
		return -1;
	}
	return 0;
}

/* Write all of buf to fd at off. */
static int
save_pwrite(int fd, const char *buf, size_t len, off_t off)
{
	ssize_t n;

	while (len > 0) {
		if ((n = pwrite(fd, buf, len, off)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += n;
		len -= (size_t)n;
		off += n;
	}
	return 0;
}

/*
 * Copy the finished temporary file into the target: the space is reserved
 * first, so that a full disk leaves the old contents, and signals are held
 * so that none stops the copy half way. Returns 0, or -1 with the message
 * in err.
 */
static int
save_copy_in(struct save *s, char *err, size_t errlen)
{
	static char chunk[1 << 16];
	sigset_t all, saved;
	struct stat old;
	off_t size, off;
	ssize_t n;
	int e = 0, src = fileno(s->f);

	if ((size = lseek(src, 0, SEEK_END)) < 0 || fstat(s->fd, &old) != 0)
		e = errno;
	else if (size > old.st_size &&
	    (e = posix_fallocate(s->fd, 0, size)) != 0) {
		if (e == EINVAL || e == EOPNOTSUPP)
			e = 0;	/* nothing to reserve with: go on */
		else
			(void)ftruncate(s->fd, old.st_size);
	}
	if (e != 0) {
		snprintf(err, errlen, "%s: write failed: %s (nothing written)",
		    s->path, strerror(e));
		return -1;
	}
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &saved);
	for (off = 0; e == 0 && off < size; off += n) {
		if ((n = pread(src, chunk, sizeof chunk, off)) <= 0)
			e = n < 0 ? errno : EIO;
		else if (save_pwrite(s->fd, chunk, (size_t)n, off) != 0)
			e = errno;
	}
	if (e == 0 && (ftruncate(s->fd, size) != 0 || fsync(s->fd) != 0))
		e = errno;
	sigprocmask(SIG_SETMASK, &saved, NULL);
	if (e != 0) {
		snprintf(err, errlen, "%s: write failed: %s (the file is left "
		    "incomplete)", s->path, strerror(e));
		return -1;
	}
	return 0;
}

int
save_commit(struct save *s, char *err, size_t errlen)
{
	int e = 0;

	errno = 0;
	if (fflush(s->f) != 0 || ferror(s->f))
		e = errno != 0 ? errno : EIO;
	else if (s->how == SAVE_RENAME && fsync(fileno(s->f)) != 0)
		e = errno;
	if (e != 0) {
		save_fail(s, e, err, errlen);
		return -1;
	}
	if (s->how == SAVE_INPLACE && save_copy_in(s, err, errlen) != 0) {
		save_abort(s);
		return -1;
	}
	e = fclose(s->f) != 0 ? errno : 0;
	s->f = NULL;
	if (e == 0 && s->how == SAVE_INPLACE && close(s->fd) != 0)
		e = errno;
	s->fd = -1;
	if (e != 0) {
		save_fail(s, e, err, errlen);
		return -1;
	}
	if (s->how == SAVE_RENAME && rename(s->tmp, s->target) != 0) {
		snprintf(err, errlen, "%s: cannot rename %s to it: %s",
		    s->path, s->tmp, strerror(errno));
		save_abort(s);
		return -1;
	}
	if (s->how == SAVE_RENAME) {
		/* Renamed: the name is free again, nothing to remove. */
		save_has_pending = 0;
		free(s->tmp);
		s->tmp = NULL;
	}
	save_abort(s);
	return 0;
}

void
save_fail(struct save *s, int e, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: write failed: %s%s", save_name(s),
	    strerror(e), s->how == SAVE_STREAM ? "" : " (nothing written)");
	save_abort(s);
}

void
save_abort(struct save *s)
{
	if (s->f != NULL)
		fclose(s->f);
	s->f = NULL;
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	if (s->tmp != NULL) {
		save_has_pending = 0;
		unlink(s->tmp);
		free(s->tmp);
		s->tmp = NULL;
	}
	if (s->pipe_held)
		sigaction(SIGPIPE, &s->oldpipe, NULL);
	s->pipe_held = 0;
	free(s->target);
	s->target = NULL;
	free(s->buf);
	s->buf = NULL;
}
