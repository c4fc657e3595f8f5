/* Functions pbcc's model cannot express (library calls it does not
 * model, casts from void *): searched on the real code only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* parse_port reads a port number: -1 when s is not one. */
int parse_port(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);
	if (end == s || *end != '\0')
		return -1;
	if (v < 1 || v > 65535)
		return -1;
	return (int)v;
}

/* digits counts the digits of n as printf writes it. */
int digits(int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof buf, "%d", n);
	if (n < 0)
		return len - 1;
	return len;
}

static int by_value(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* median sorts a and returns its middle element. */
int median(int *a, int n)
{
	if (n <= 0)
		return 0;
	qsort(a, (size_t)n, sizeof a[0], by_value);
	if (n % 2 == 0)
		return (a[n / 2 - 1] + a[n / 2]) / 2;
	return a[n / 2];
}

/* keyword tells a command from the words it starts with. */
int keyword(const char *line)
{
	if (strstr(line, "quit") == line)
		exit(3);
	if (strncmp(line, "get ", 4) == 0)
		return 1;
	if (strchr(line, '=') != NULL)
		return 2;
	return 0;
}

/* checksum reads n ints at v: past the end of its buffer when n says
 * more. */
unsigned checksum(const void *v, int n)
{
	const int *p = (const int *)v;
	unsigned sum = 0;
	int i;
	for (i = 0; i < n; i++)
		sum = sum * 31 + p[i];
	if (sum == 0)
		return 1;
	return sum;
}

/* A tally of the words record is given. */
struct tally {
	int hits;
	long total;
	char tag[4];
};

/* record adds the number word spells to t, unless t is tagged "x". */
int record(struct tally *t, const char *word)
{
	long v = strtol(word, NULL, 10);
	if (t->tag[0] == 'x')
		return -1;
	t->hits++;
	t->total += v;
	if (t->total > 1000)
		return 2;
	return t->hits > 3;
}

/* main adds the pairs of numbers of its input's lines ("3 4"); -q
 * prints nothing. */
int main(int argc, char **argv)
{
	char line[64];
	int quiet = argc > 1 && strcmp(argv[1], "-q") == 0;
	long total = 0;
	while (fgets(line, sizeof line, stdin) != NULL) {
		int a, b;
		if (sscanf(line, "%d %d", &a, &b) != 2) {
			fprintf(stderr, "bad line: %s", line);
			return 1;
		}
		total += a + b;
	}
	if (!quiet)
		printf("%ld\n", total);
	return total > 100 ? 2 : 0;
}
