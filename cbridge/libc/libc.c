/*
 * The C library functions pbcc models, written in plain C and lowered by
 * pbcc's own C front end into IR functions marked Library: a unit's call
 * of strlen runs this strlen, so that its undefined behaviours (reading
 * past the end of an unterminated string, writing past the end of the
 * destination) are the executor's checks like the unit's own. Each
 * function does what glibc does in the C locale on x86-64, results
 * included (strcmp and memcmp return the difference of the first
 * differing bytes as unsigned char; the ctype table is glibc's), because
 * the harness compares the values the real library returns with those
 * these models give.
 *
 * No header is included: the types are spelled out, so that nothing here
 * depends on the host's declarations.
 */

typedef unsigned long size_t;

#define NULL ((void *)0)

/* glibc's ctype table for the C locale, indexed by c + 128 for c in
 * -128..255: the bits of isupper (256), islower (512), isalpha (1024),
 * isdigit (2048), isxdigit (4096), isspace (8192), isprint (16384),
 * isgraph (32768), isblank (1), iscntrl (2), ispunct (4), isalnum (8). */
static const unsigned short pbcc_ctype_b[384] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 8195, 8194, 8194, 8194, 8194, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 24577, 49156, 49156, 49156, 49156, 49156, 49156, 49156,
	49156, 49156, 49156, 49156, 49156, 49156, 49156, 49156, 55304, 55304, 55304, 55304,
	55304, 55304, 55304, 55304, 55304, 55304, 49156, 49156, 49156, 49156, 49156, 49156,
	49156, 54536, 54536, 54536, 54536, 54536, 54536, 50440, 50440, 50440, 50440, 50440,
	50440, 50440, 50440, 50440, 50440, 50440, 50440, 50440, 50440, 50440, 50440, 50440,
	50440, 50440, 50440, 49156, 49156, 49156, 49156, 49156, 49156, 54792, 54792, 54792,
	54792, 54792, 54792, 50696, 50696, 50696, 50696, 50696, 50696, 50696, 50696, 50696,
	50696, 50696, 50696, 50696, 50696, 50696, 50696, 50696, 50696, 50696, 50696, 49156,
	49156, 49156, 49156, 2, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

static const unsigned short *pbcc_ctype_p;

/* <ctype.h> expands isdigit(c) to (*__ctype_b_loc())[(int)(c)] & _ISdigit:
 * an index outside -128..255 reads outside the table. */
const unsigned short **__ctype_b_loc(void)
{
	pbcc_ctype_p = pbcc_ctype_b + 128;
	return &pbcc_ctype_p;
}

/* The functions themselves, for a unit that calls them rather than the
 * macros ((isdigit)(c), or after #undef isdigit). */
int isalnum(int c) { return (*__ctype_b_loc())[c] & 8; }
int isalpha(int c) { return (*__ctype_b_loc())[c] & 1024; }
int iscntrl(int c) { return (*__ctype_b_loc())[c] & 2; }
int isdigit(int c) { return (*__ctype_b_loc())[c] & 2048; }
int isgraph(int c) { return (*__ctype_b_loc())[c] & 32768; }
int islower(int c) { return (*__ctype_b_loc())[c] & 512; }
int isprint(int c) { return (*__ctype_b_loc())[c] & 16384; }
int ispunct(int c) { return (*__ctype_b_loc())[c] & 4; }
int isspace(int c) { return (*__ctype_b_loc())[c] & 8192; }
int isupper(int c) { return (*__ctype_b_loc())[c] & 256; }
int isxdigit(int c) { return (*__ctype_b_loc())[c] & 4096; }

int toupper(int c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 'A';
	return c;
}

int tolower(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 'a';
	return c;
}

/* abs(INT_MIN) overflows: undefined, as in C. */
int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }

/* atoi(s) is (int)strtol(s, NULL, 10) for the values an int holds; a
 * value out of range is undefined (C11 7.22.1), and the model's long
 * overflows only far beyond it. */
int atoi(const char *s)
{
	long n = 0;
	int neg = 0;
	while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		s++;
	if (*s == '-') {
		neg = 1;
		s++;
	} else if (*s == '+') {
		s++;
	}
	while (*s >= '0' && *s <= '9') {
		n = n * 10 + (*s - '0');
		s++;
	}
	return neg ? -n : n;
}

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n] != 0)
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;
	while (*p != 0 && *p == *q) {
		p++;
		q++;
	}
	return *p - *q;
}

int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;
	for (; n > 0; n--) {
		if (*p != *q)
			return *p - *q;
		if (*p == 0)
			return 0;
		p++;
		q++;
	}
	return 0;
}

char *strcpy(char *d, const char *s)
{
	size_t i = 0;
	while ((d[i] = s[i]) != 0)
		i++;
	return d;
}

char *strncpy(char *d, const char *s, size_t n)
{
	size_t i = 0;
	for (; i < n && s[i] != 0; i++)
		d[i] = s[i];
	for (; i < n; i++)
		d[i] = 0;
	return d;
}

char *strcat(char *d, const char *s)
{
	size_t i = 0, j = 0;
	while (d[i] != 0)
		i++;
	while ((d[i] = s[j]) != 0) {
		i++;
		j++;
	}
	return d;
}

char *strncat(char *d, const char *s, size_t n)
{
	size_t i = 0, j = 0;
	while (d[i] != 0)
		i++;
	for (; j < n && s[j] != 0; j++)
		d[i++] = s[j];
	d[i] = 0;
	return d;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (*s == 0)
			return NULL;
	}
}

/* strrchr scans to the end, then back: a forward scan remembering the
 * last match would have a path per subset of the matches. */
char *strrchr(const char *s, int c)
{
	size_t n = 0;
	while (s[n] != 0)
		n++;
	for (;;) {
		if (s[n] == (char)c)
			return (char *)(s + n);
		if (n == 0)
			return NULL;
		n--;
	}
}

/* Overlapping objects are undefined for memcpy; the model copies forward
 * and does not detect them. */
void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *p = d;
	const unsigned char *q = s;
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = q[i];
	return d;
}

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;
	size_t i;
	for (i = 0; i < n; i++)
		p[i] = (unsigned char)c;
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a;
	const unsigned char *q = b;
	size_t i;
	for (i = 0; i < n; i++)
		if (p[i] != q[i])
			return p[i] - q[i];
	return 0;
}

/* fgets, as glibc's: at most n - 1 characters, up to and including a
 * newline, then a NUL; NULL when the stream ends before any character
 * (s unchanged) or n <= 0. pbcc_fgets_stdin reads standard input,
 * pbcc_fgets_file a FILE * parameter of the unit's (the front end picks
 * one by fgets's third argument). */
int getchar(void);
typedef struct _IO_FILE FILE;
int getc(FILE *fp);

char *pbcc_fgets_stdin(char *s, int n)
{
	int i = 0, c;
	if (n <= 0)
		return NULL;
	while (i < n - 1) {
		c = getchar();
		if (c == -1) {
			if (i == 0)
				return NULL;
			break;
		}
		s[i++] = c;
		if (c == '\n')
			break;
	}
	s[i] = 0;
	return s;
}

char *pbcc_fgets_file(char *s, int n, FILE *fp)
{
	int i = 0, c;
	if (n <= 0)
		return NULL;
	while (i < n - 1) {
		c = getc(fp);
		if (c == -1) {
			if (i == 0)
				return NULL;
			break;
		}
		s[i++] = c;
		if (c == '\n')
			break;
	}
	s[i] = 0;
	return s;
}

/* ungetc on a FILE * parameter of the unit's, in a file that calls it:
 * the front end reads that stream with pbcc_getc_file, which returns the
 * character pushed back first (one, as C guarantees; ungetc(EOF) pushes
 * nothing back and returns EOF). */
static int pbcc_pushed_back = -1;

int pbcc_getc_file(FILE *fp)
{
	int c;
	if (pbcc_pushed_back >= 0) {
		c = pbcc_pushed_back;
		pbcc_pushed_back = -1;
		return c;
	}
	return getc(fp);
}

int pbcc_ungetc_file(int c, FILE *fp)
{
	(void)fp;
	if (c == -1)
		return -1;
	pbcc_pushed_back = (unsigned char)c;
	return (unsigned char)c;
}

/* fopen opens no file: a name a case gives is one the search made up
 * ("", "a", ...), which names no file where the harness runs, so glibc's
 * fopen returns NULL (ENOENT) as this model does. The name and the mode
 * are read, as fopen reads them (a NULL one is a nil dereference). */
FILE *fopen(const char *name, const char *mode)
{
	(void)strlen(name);
	(void)strlen(mode);
	return NULL;
}
