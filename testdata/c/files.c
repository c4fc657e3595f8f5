/* Streams through FILE * parameters (issue 11): getc and fgetc read the
 * stream's contents, an input the harness writes to a temporary file
 * and passes (NULL when the case needs NULL); so does fgets, on a FILE *
 * parameter or on stdin. */
#include <stdio.h>
#include <string.h>

/* count_lines counts the lines of a stream, -1 without one. */
int count_lines(FILE *fp)
{
	int c, n = 0;

	if (fp == NULL)
		return -1;
	while ((c = getc(fp)) != EOF)
		if (c == '\n')
			n++;
	return n;
}

static char next(FILE *in)
{
	return fgetc(in);
}

/* header says whether a stream begins with "#!". */
int header(FILE *in)
{
	if (next(in) != '#')
		return 0;
	if (next(in) != '!')
		return 0;
	return 1;
}

/* first_is says whether the first line of fp is "ok", -1 for none. */
int first_is(FILE *fp)
{
	char buf[4];

	if (fgets(buf, 4, fp) == NULL)
		return -1;
	return strcmp(buf, "ok\n") == 0;
}

/* longest returns the length of the longest line of standard input. */
int longest(void)
{
	char line[8];
	int best = 0;

	while (fgets(line, sizeof line, stdin) != NULL) {
		int n = strlen(line);
		if (n > best)
			best = n;
	}
	return best;
}
