/* Shapes of legacy C that crashed pbcc or broke its harness (issue 11):
 * a void * parameter, a table of string pointers, a static local that
 * keeps state between calls, and functions defined in another unit of
 * the program (declared, or only called). */

/* marker reads its buffer through a void *. */
int marker(void *p, unsigned long n)
{
	unsigned char *b = p;

	if (b && n > 2 && b[1] == 0xff)
		return 1;
	return 0;
}

const char *names[] = { "zero", "one", 0 };

/* initial returns the first letter of a name from the table. */
int initial(int i)
{
	if (i < 0 || i > 2 || !names[i])
		return -1;
	return names[i][0] == 'z';
}

/* ticket numbers its calls: each case starts from the first call. */
int ticket(int x)
{
	static int issued;

	issued++;
	if (x > 3)
		return issued;
	return 0;
}

/* twice calls ticket twice: the second call sees the first. */
int twice(int x)
{
	ticket(x);
	return ticket(x) == 2 ? 1 : 0;
}

int checksum(const char *s); /* defined elsewhere */

/* verify needs checksum past its first test: no case goes through it;
 * the harness links. */
int verify(const char *s, int want)
{
	if (want < 0)
		return -1;
	return checksum(s) == want;
}

/* trace calls a function it never declares (C89's implicit int): its
 * other path gets a case. */
void trace(int x)
{
	if (x)
		log_event(x);
}

/* clamp needs neither, in the same file. */
int clamp(int v)
{
	if (v > 100)
		return 100;
	return v;
}
