/* A stream type built on FILE *, as the Siemens programs' character
 * streams are (issue 11): the FILE * kept in a struct, read a line at a
 * time with fgets into the struct's buffer, or a character at a time
 * with getc; a stream opened on standard input or by name (fopen), as
 * print_tokens' open_character_stream does. */
#include <stdio.h>
#include <stdlib.h>

typedef struct line_stream {
	FILE *fp;
	int pos;
	char buf[8];
} *line_stream;

/* next_char returns the next character of s, reading a line into its
 * buffer when the buffer is used up; a blank for an empty line, -1 at
 * the end, -2 for a bad position. */
int next_char(line_stream s)
{
	if (s->pos < 0 || s->pos >= 8)
		return -2;
	if (s->buf[s->pos] == '\0') {
		if (fgets(s->buf, sizeof s->buf, s->fp) == NULL)
			return -1;
		s->pos = 0;
		if (s->buf[0] == '\n')
			return ' ';
	}
	return s->buf[s->pos++];
}

struct reader {
	int count;
	FILE *in;
};

/* digits counts the digits at the start of r's stream and adds them to
 * r->count; -1 without a stream. */
int digits(struct reader *r)
{
	int c, n = 0;

	if (r == NULL || r->in == NULL)
		return -1;
	while ((c = getc(r->in)) >= '0' && c <= '9')
		n++;
	r->count += n;
	return n;
}

/* open_stream opens a stream on standard input (name NULL) or on the
 * file name; NULL when the file cannot be opened. */
line_stream open_stream(const char *name)
{
	line_stream s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	if (name == NULL)
		s->fp = stdin;
	else if ((s->fp = fopen(name, "r")) == NULL) {
		free(s);
		return NULL;
	}
	return s;
}
