/* Pointer arithmetic over a caller's buffer: a scanner that walks a
 * character buffer with a moving pointer, as parsers of legacy C do. */
#include <stddef.h>

/* count_fields counts the comma-separated fields of the n bytes at buf,
 * stopping early at a NUL; an empty buffer has no field. */
int count_fields(const char *buf, int n)
{
	const char *p = buf;
	const char *end = buf + n;
	int fields = 0;

	if (buf == NULL || n <= 0)
		return 0;
	fields = 1;
	while (p < end && *p != '\0') {
		if (*p == ',')
			fields++;
		p++;
	}
	return fields;
}

/* reverse reverses the n ints at a in place with two pointers and
 * returns how many swaps it made. */
int reverse(int *a, int n)
{
	int *lo = a, *hi = a + n - 1;
	int swaps = 0;

	while (lo < hi) {
		int t = *lo;
		*lo++ = *hi;
		*hi-- = t;
		swaps++;
	}
	return swaps;
}
