/* Streams through FILE * parameters (issue 11): getc and fgetc read the
 * stream's contents, an input the harness writes to a temporary file
 * and passes (NULL when the case needs NULL). */
#include <stdio.h>

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
