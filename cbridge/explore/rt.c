/* pbcc's driver of a C unit on the code gcc compiles (package
 * cbridge, Explore). The unit and the call wrappers are another
 * translation unit, compiled with -fsanitize-coverage=trace-pc,trace-cmp
 * (and AddressSanitizer when the host has it); this one is not
 * instrumented, so that only the unit's blocks count.
 *
 * Protocol, on file descriptors 3 (requests) and 4 (answers), every
 * frame a little-endian u32 length and its payload:
 *
 *   request: u8 fresh (1: a worker of its own, not one that made
 *            calls before), u32 function index, then per parameter a u8 kind
 *            (0: 8 bytes of a scalar; 1: NULL; 2: u32 n and n bytes,
 *            passed as a buffer of exactly n bytes; 3: u32 n and n
 *            strings, each u32 length and bytes, passed as an argv;
 *            5: a graph of objects, u32 n and per object u32 length
 *            and bytes, then u32 r and r links, each u32 object, u32
 *            offset and u32 target: object's pointer at offset set to
 *            the target object, the argument the first object)
 *            and its data; last, for a function reading standard input,
 *            4, u32 n and the n bytes it reads there.
 *   answer:  u8 how (0 returned, 1 exit, 2 signal, 3 hang, 4 the
 *            sanitizer), i32 code (the exit status or the signal),
 *            u32 n and the n bytes the child wrote (8 bytes of the
 *            result, i32 length of the string a char * result points
 *            to or -1, its bytes, then per buffer parameter its n bytes
 *            after the call), u32 comparisons and per comparison u8
 *            size (1, 2, 4, 8 bytes; 0x20 float; 0x40 double) and two
 *            u64 operands, u32 edges and per edge u16 index and u8 hit
 *            count.
 *
 * The calls run in a worker forked from a process that never calls the
 * unit: a worker makes up to argv[1] calls in a row (pbcc passes 1 when
 * the unit has variables a call may change, so that each call starts
 * from the unit's initial state), and a call that ends the worker (exit,
 * a signal, the sanitizer, a hang of 0.3 s of CPU or 10 s) is answered from its
 * wait status, the next call getting a new worker. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#define PBCC_MAP 65536
#define PBCC_CMPS 512
#define PBCC_OUT (1 << 20)
#define PBCC_ARGS 64

struct pbcc_shm {
	unsigned char map[PBCC_MAP];
	uint32_t ncmp;
	struct {
		uint8_t size;
		uint64_t a, b;
	} cmp[PBCC_CMPS];
	int returned, sanitizer;
	uint32_t nout;
	unsigned char out[PBCC_OUT];
	uint32_t nreq; /* the request, which the server writes, the worker reads */
	unsigned char req[PBCC_OUT];
};

static struct pbcc_shm *pbcc_shm;
static uintptr_t pbcc_prev;

extern void pbcc_anchor(void);
extern int pbcc_nfuncs;
extern int pbcc_call(int fn, void **args, void *result);
extern int pbcc_result_string(int fn);

void __sanitizer_cov_trace_pc(void)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0) - (uintptr_t)&pbcc_anchor;
	uintptr_t cur = (uintptr_t)((pc * 0x9E3779B97F4A7C15ull) >> 48);
	if (pbcc_shm == NULL)
		return;
	pbcc_shm->map[(cur ^ pbcc_prev) & (PBCC_MAP - 1)]++;
	pbcc_prev = cur >> 1;
}

static void pbcc_cmp(uint8_t size, uint64_t a, uint64_t b)
{
	uint32_t n;
	if (pbcc_shm == NULL || a == b)
		return;
	n = pbcc_shm->ncmp;
	if (n >= PBCC_CMPS)
		return;
	pbcc_shm->cmp[n].size = size;
	pbcc_shm->cmp[n].a = a;
	pbcc_shm->cmp[n].b = b;
	pbcc_shm->ncmp = n + 1;
}

void __sanitizer_cov_trace_cmp1(uint8_t a, uint8_t b) { pbcc_cmp(1, a, b); }
void __sanitizer_cov_trace_cmp2(uint16_t a, uint16_t b) { pbcc_cmp(2, a, b); }
void __sanitizer_cov_trace_cmp4(uint32_t a, uint32_t b) { pbcc_cmp(4, a, b); }
void __sanitizer_cov_trace_cmp8(uint64_t a, uint64_t b) { pbcc_cmp(8, a, b); }
void __sanitizer_cov_trace_const_cmp1(uint8_t a, uint8_t b) { pbcc_cmp(1, a, b); }
void __sanitizer_cov_trace_const_cmp2(uint16_t a, uint16_t b) { pbcc_cmp(2, a, b); }
void __sanitizer_cov_trace_const_cmp4(uint32_t a, uint32_t b) { pbcc_cmp(4, a, b); }
void __sanitizer_cov_trace_const_cmp8(uint64_t a, uint64_t b) { pbcc_cmp(8, a, b); }

void __sanitizer_cov_trace_cmpf(float a, float b)
{
	uint32_t x, y;
	memcpy(&x, &a, 4);
	memcpy(&y, &b, 4);
	pbcc_cmp(0x20, x, y);
}

void __sanitizer_cov_trace_cmpd(double a, double b)
{
	uint64_t x, y;
	memcpy(&x, &a, 8);
	memcpy(&y, &b, 8);
	pbcc_cmp(0x40, x, y);
}

void __sanitizer_cov_trace_switch(uint64_t val, uint64_t *cases)
{
	uint64_t i;
	for (i = 0; i < cases[0]; i++)
		pbcc_cmp((uint8_t)(cases[1] / 8), val, cases[2 + i]);
}

void __sanitizer_cov_trace_div4(uint32_t v) { (void)v; }
void __sanitizer_cov_trace_div8(uint64_t v) { (void)v; }
void __sanitizer_cov_trace_gep(uintptr_t v) { (void)v; }

/* AddressSanitizer calls __asan_on_error before it writes its report,
 * which takes milliseconds: the worker ends at once instead. */
void __asan_on_error(void)
{
	if (pbcc_shm != NULL)
		pbcc_shm->sanitizer = 1;
	_exit(86);
}

static void pbcc_die(const char *what)
{
	perror(what);
	exit(2);
}

static void pbcc_read(int fd, void *p, size_t n)
{
	unsigned char *b = p;
	while (n > 0) {
		ssize_t k = read(fd, b, n);
		if (k == 0)
			exit(0); /* pbcc is done */
		if (k < 0)
			pbcc_die("pbcc driver: read");
		b += k;
		n -= (size_t)k;
	}
}

static void pbcc_write(int fd, const void *p, size_t n)
{
	const unsigned char *b = p;
	while (n > 0) {
		ssize_t k = write(fd, b, n);
		if (k <= 0)
			pbcc_die("pbcc driver: write");
		b += k;
		n -= (size_t)k;
	}
}

static void pbcc_out(const void *p, size_t n)
{
	if (pbcc_shm->nout + n > PBCC_OUT)
		return;
	memcpy(pbcc_shm->out + pbcc_shm->nout, p, n);
	pbcc_shm->nout += (uint32_t)n;
}

static uint32_t pbcc_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* pbcc_child decodes the request req (n bytes), calls the function and
 * writes what it returned and left in the buffers to the shared page. */
static void pbcc_child(const unsigned char *req, uint32_t n)
{
	void *args[PBCC_ARGS];
	uint32_t lens[PBCC_ARGS];
	unsigned char scalars[PBCC_ARGS][8];
	unsigned char result[8];
	struct {
		uint32_t n;
		unsigned char **objs;
		uint32_t *lens;
	} graphs[PBCC_ARGS];
	uint32_t off = 4, np = 0, k;
	int fn = (int)pbcc_u32(req);
	int32_t slen = -1;
	memset(result, 0, sizeof result);
	while (off < n && np < PBCC_ARGS) {
		unsigned char kind = req[off++];
		lens[np] = 0xffffffffu;
		graphs[np].n = 0;
		if (kind == 0) {
			memcpy(scalars[np], req + off, 8);
			args[np] = scalars[np];
			off += 8;
		} else if (kind == 1) {
			args[np] = NULL;
		} else if (kind == 3) {
			/* an argv: n strings, NULL last */
			uint32_t ns = pbcc_u32(req + off), i;
			char **v = malloc((ns + 1) * sizeof *v);
			off += 4;
			for (i = 0; i < ns; i++) {
				uint32_t len = pbcc_u32(req + off);
				off += 4;
				v[i] = malloc(len + 1);
				memcpy(v[i], req + off, len);
				v[i][len] = 0;
				off += len;
			}
			v[ns] = NULL;
			args[np] = v;
		} else if (kind == 5) {
			/* objects, each malloc's (the sanitizer sees their bounds),
			 * then the links between them */
			uint32_t nn = pbcc_u32(req + off), nr, i;
			off += 4;
			graphs[np].n = nn;
			graphs[np].objs = malloc((nn + 1) * sizeof *graphs[np].objs);
			graphs[np].lens = malloc((nn + 1) * sizeof *graphs[np].lens);
			for (i = 0; i < nn; i++) {
				uint32_t len = pbcc_u32(req + off);
				off += 4;
				graphs[np].objs[i] = malloc(len > 0 ? len : 1);
				graphs[np].lens[i] = len;
				memcpy(graphs[np].objs[i], req + off, len);
				off += len;
			}
			nr = pbcc_u32(req + off);
			off += 4;
			for (i = 0; i < nr; i++) {
				uint32_t o = pbcc_u32(req + off), at = pbcc_u32(req + off + 4), to = pbcc_u32(req + off + 8);
				off += 12;
				if (o < nn && to < nn && (uint64_t)at + sizeof(void *) <= graphs[np].lens[o])
					memcpy(graphs[np].objs[o] + at, &graphs[np].objs[to], sizeof(void *));
			}
			args[np] = nn > 0 ? graphs[np].objs[0] : NULL;
		} else if (kind == 4) {
			/* standard input's contents (last): a file of its own */
			uint32_t len = pbcc_u32(req + off);
			int fd = memfd_create("pbcc-stdin", 0);
			off += 4;
			if (fd >= 0) {
				if (len > 0 && write(fd, req + off, len) != (ssize_t)len)
					pbcc_die("pbcc driver: stdin");
				lseek(fd, 0, SEEK_SET);
				dup2(fd, 0);
				close(fd);
			}
			/* what the calls before this one left in stdio's buffer */
			__fpurge(stdin);
			clearerr(stdin);
			off += len;
			continue;
		} else {
			uint32_t len = pbcc_u32(req + off);
			off += 4;
			args[np] = malloc(len);
			if (len > 0)
				memcpy(args[np], req + off, len);
			lens[np] = len;
			off += len;
		}
		np++;
	}
	pbcc_prev = 0;
	pbcc_call(fn, args, result);
	pbcc_shm->returned = 1;
	pbcc_out(result, 8);
	if (pbcc_result_string(fn)) {
		const char *s;
		memcpy(&s, result, sizeof s);
		if (s != NULL)
			slen = (int32_t)strnlen(s, 4096);
		pbcc_out(&slen, 4);
		if (slen > 0)
			pbcc_out(s, (size_t)slen);
	} else {
		pbcc_out(&slen, 4);
	}
	for (k = 0; k < np; k++) {
		uint32_t i;
		if (lens[k] != 0xffffffffu && args[k] != NULL)
			pbcc_out(args[k], lens[k]);
		for (i = 0; i < graphs[k].n; i++) {
			uint64_t a = (uint64_t)(uintptr_t)graphs[k].objs[i];
			pbcc_out(&a, 8);
		}
		for (i = 0; i < graphs[k].n; i++)
			pbcc_out(graphs[k].objs[i], graphs[k].lens[i]);
	}
}

/* The worker: the process that calls the unit, forked from the server
 * (which never does), for up to pbcc_per_worker calls in a row when the
 * unit keeps no state, one otherwise. It reads a byte on pbcc_go for
 * each request the server left in the shared page, and writes one on
 * pbcc_done when the call returned. */
static int pbcc_go[2], pbcc_done[2];
static pid_t pbcc_worker;
static int pbcc_calls, pbcc_per_worker = 1;

/* A call that has not returned after pbcc_limit of CPU time hangs (CPU
 * time, so that a loaded machine does not change what hangs), or after
 * pbcc_wall seconds, for one that waits without using the CPU. */
static const struct itimerval pbcc_limit = {{0, 0}, {0, 300000}}, pbcc_none;
enum { pbcc_wall = 10 };

static void pbcc_work(void)
{
	int null = open("/dev/null", O_RDWR), fd;
	dup2(null, 0);
	close(pbcc_go[1]);
	close(pbcc_done[0]);
	/* The descriptors a harness has: 0, 1 and 2 (a call may write(fd)
	 * with the number an input gives, and must find what it would find
	 * there). */
	for (fd = 3; fd < 1024; fd++)
		if (fd != pbcc_go[0] && fd != pbcc_done[1])
			close(fd);
	for (;;) {
		char c;
		if (read(pbcc_go[0], &c, 1) != 1)
			_exit(0);
		setitimer(ITIMER_PROF, &pbcc_limit, NULL);
		alarm(pbcc_wall);
		pbcc_child(pbcc_shm->req, pbcc_shm->nreq);
		setitimer(ITIMER_PROF, &pbcc_none, NULL);
		alarm(0);
		if (write(pbcc_done[1], &c, 1) != 1)
			_exit(0);
	}
}

/* pbcc_high moves the pipe end fd out of the way of the unit's calls
 * (write(fd, ...) with the number an input gives). */
static int pbcc_high(int fd)
{
	int h = fcntl(fd, F_DUPFD_CLOEXEC, 900);
	if (h < 0)
		return fd;
	close(fd);
	return h;
}

static void pbcc_start_worker(void)
{
	int i;
	if (pipe(pbcc_go) != 0 || pipe(pbcc_done) != 0)
		pbcc_die("pbcc driver: pipe");
	for (i = 0; i < 2; i++) {
		pbcc_go[i] = pbcc_high(pbcc_go[i]);
		pbcc_done[i] = pbcc_high(pbcc_done[i]);
	}
	pbcc_worker = fork();
	if (pbcc_worker < 0)
		pbcc_die("pbcc driver: fork");
	if (pbcc_worker == 0)
		pbcc_work();
	close(pbcc_go[0]);
	close(pbcc_done[1]);
	pbcc_calls = 0;
}

/* pbcc_stop_worker ends the worker and returns its wait status. */
static int pbcc_stop_worker(int kill_it)
{
	int status = 0;
	close(pbcc_go[1]);
	close(pbcc_done[0]);
	if (kill_it)
		kill(pbcc_worker, SIGKILL);
	if (waitpid(pbcc_worker, &status, 0) != pbcc_worker)
		pbcc_die("pbcc driver: waitpid");
	pbcc_worker = 0;
	return status;
}

int main(int argc, char **argv)
{
	static unsigned char ans[PBCC_OUT + PBCC_MAP * 3 + PBCC_CMPS * 17 + 64];
	if (argc > 1)
		pbcc_per_worker = atoi(argv[1]);
	if (pbcc_per_worker < 1)
		pbcc_per_worker = 1;
	signal(SIGPIPE, SIG_IGN);
	{
		/* no core files of the workers that crash */
		struct rlimit none = {0, 0};
		setrlimit(RLIMIT_CORE, &none);
	}
	pbcc_shm = mmap(NULL, sizeof *pbcc_shm, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pbcc_shm == MAP_FAILED)
		pbcc_die("pbcc driver: mmap");
	for (;;) {
		uint32_t n, m = 0, i, ne = 0;
		unsigned char how, fresh;
		int32_t code = 0;
		char c = 1;
		pbcc_read(3, &n, 4);
		if (n > sizeof pbcc_shm->req || n < 1)
			pbcc_die("pbcc driver: bad request");
		pbcc_read(3, &fresh, 1);
		pbcc_read(3, pbcc_shm->req, n - 1);
		pbcc_shm->nreq = n - 1;
		if (pbcc_worker != 0 && (fresh || pbcc_calls >= pbcc_per_worker))
			pbcc_stop_worker(0);
		if (pbcc_worker == 0)
			pbcc_start_worker();
		memset(pbcc_shm->map, 0, PBCC_MAP);
		pbcc_shm->ncmp = 0;
		pbcc_shm->returned = 0;
		pbcc_shm->sanitizer = 0;
		pbcc_shm->nout = 0;
		pbcc_calls++;
		how = 0;
		if (write(pbcc_go[1], &c, 1) != 1 || read(pbcc_done[0], &c, 1) != 1) {
			/* the worker ended during the call */
			int status = pbcc_stop_worker(0);
			if (pbcc_shm->sanitizer) {
				how = 4;
			} else if (WIFSIGNALED(status)) {
				how = WTERMSIG(status) == SIGALRM || WTERMSIG(status) == SIGPROF ? 3 : 2;
				code = WTERMSIG(status);
			} else {
				how = 1;
				code = WEXITSTATUS(status);
			}
		}
		ans[m++] = how;
		memcpy(ans + m, &code, 4);
		m += 4;
		memcpy(ans + m, &pbcc_shm->nout, 4);
		m += 4;
		memcpy(ans + m, pbcc_shm->out, pbcc_shm->nout);
		m += pbcc_shm->nout;
		memcpy(ans + m, &pbcc_shm->ncmp, 4);
		m += 4;
		for (i = 0; i < pbcc_shm->ncmp; i++) {
			ans[m++] = pbcc_shm->cmp[i].size;
			memcpy(ans + m, &pbcc_shm->cmp[i].a, 8);
			memcpy(ans + m + 8, &pbcc_shm->cmp[i].b, 8);
			m += 16;
		}
		{
			uint32_t at = m;
			m += 4;
			for (i = 0; i < PBCC_MAP; i++) {
				if (pbcc_shm->map[i] == 0)
					continue;
				ans[m++] = (unsigned char)(i & 0xff);
				ans[m++] = (unsigned char)(i >> 8);
				ans[m++] = pbcc_shm->map[i];
				ne++;
			}
			memcpy(ans + at, &ne, 4);
		}
		pbcc_write(4, &m, 4);
		pbcc_write(4, ans, m);
	}
}
