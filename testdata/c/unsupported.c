/* A unit with constructs pbcc does not lower: each such function is
 * reported with file:line:col and the construct, the others are still
 * lowered. */
#include <stdlib.h>

union word {
	int i;
	float f;
};

int bits(union word w)
{
	return w.i & 1;
}

int shell(char *cmd)
{
	return system(cmd);
}

int first_byte(int *p)
{
	char *c = (char *)p;
	return c[0];
}

long double precise(long double x)
{
	return x * 2;
}

int grow(int *p, int n)
{
	p = realloc(p, n * sizeof *p);
	return p != NULL;
}

int abs3(int x)
{
	if (x < 0)
		return -x;
	return x;
}
