/* Integer widths, signedness, promotions and conversions. */
#include <limits.h>

unsigned char wrap(unsigned char x, signed char y)
{
	unsigned char z = x + y;
	if (z < x)
		return 0;
	return z;
}

long mix(short s, unsigned u, long l, unsigned long long v)
{
	if (s < u)
		l += s;
	if (l > v)
		return -1;
	l <<= 2;
	l |= u & 0xff;
	return l % 7 + (v >> 60);
}

int minmax(int a, int b)
{
	int m = a > b ? a : b;
	if (!(a != INT_MIN) && b < 0)
		return -m;
	return m ^ ~a;
}

_Bool nonzero(long x)
{
	_Bool b = x;
	return b && !x == 0;
}

int count(unsigned int x)
{
	int n = 0;
	do {
		n += x & 1;
		x >>= 1;
	} while (x != 0);
	return n;
}

int fact(int n)
{
	return n <= 1 ? 1 : n * fact(n - 1);
}

int sum3(int a, int b, int c)
{
	int t[3] = {a, b};
	int s = 0;
	t[2] = c;
	for (int i = 0; i < 3; i++) {
		if (t[i] < 0)
			break;
		s += t[i]--;
	}
	return s + (fact(3), t[0]);
}
