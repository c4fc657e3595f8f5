/* String functions of a legacy text utility (a line-oriented filter in
 * the style of the Unix tools of the 1980s), written with the C library's
 * string.h and ctype.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* count_words returns the number of blank-separated words of s. */
int count_words(const char *s)
{
	int n = 0, in = 0;
	for (; *s != '\0'; s++) {
		if (isspace((unsigned char)*s)) {
			in = 0;
		} else if (!in) {
			in = 1;
			n++;
		}
	}
	return n;
}

/* keyword returns the code of a command word, or -1. */
int keyword(const char *w)
{
	if (strcmp(w, "print") == 0)
		return 1;
	if (strcmp(w, "quit") == 0)
		return 2;
	if (strncmp(w, "set", 3) == 0 && strlen(w) > 3)
		return 3;
	return -1;
}

/* option parses a long option "--name=value": 0 for "--", 1 for a
 * name without value, the offset of the value otherwise, -1 for no
 * option at all. */
int option(const char *arg)
{
	const char *eq;
	if (strncmp(arg, "--", 2) != 0)
		return -1;
	if (arg[2] == '\0')
		return 0;
	eq = strchr(arg, '=');
	if (eq == NULL)
		return 1;
	return eq - arg + 1;
}

/* base_offset returns the offset of the last component of a path. */
int base_offset(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		return 0;
	return slash - path + 1;
}

/* upcase capitalizes s in place and trims trailing blanks; it returns
 * the new length. */
int upcase(char *s)
{
	size_t n = strlen(s);
	size_t i;
	for (i = 0; i < n; i++) {
		if (islower((unsigned char)s[i]))
			s[i] = toupper((unsigned char)s[i]);
	}
	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
	return n;
}

/* join writes dir "/" file into dst, which holds cap bytes; it returns
 * the length written, or -1 when it does not fit. */
int join(char *dst, int cap, const char *dir, const char *file)
{
	int need = strlen(dir) + strlen(file) + 2;
	if (need > cap)
		return -1;
	strcpy(dst, dir);
	if (dir[0] != '\0')
		strcat(dst, "/");
	strcat(dst, file);
	return strlen(dst);
}

/* field copies the first 4 characters of src into an 8-byte record
 * padded with blanks, and returns the record's 4th character, or its
 * 6th for the magic record "abcd". */
int field(const char *src)
{
	char rec[8];
	memset(rec, ' ', sizeof rec);
	strncpy(rec, src, 4);
	if (memcmp(rec, "abcd", 4) == 0)
		return rec[5];
	return rec[3];
}

/* number reads a decimal count with an optional sign, "unset" for an
 * empty one. */
int number(const char *s)
{
	if (*s == '\0')
		return -1;
	if (!isdigit((unsigned char)s[0]) && s[0] != '-' && s[0] != '+')
		return -2;
	return abs(atoi(s));
}

/* classify sorts a character as a lexer does. */
int classify(int c)
{
	if (c < 0 || c > 255)
		return -1;
	if (isdigit(c))
		return 1;
	if (isalpha(c)) {
		if (isupper(c))
			return 2;
		return 3;
	}
	if (isspace(c))
		return 4;
	if (ispunct(c))
		return 5;
	return iscntrl(c) ? 6 : 7;
}
