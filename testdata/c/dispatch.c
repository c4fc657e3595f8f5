/* A table of function pointers, as in the interpreters and state
 * machines of paper 001 annex A: an opcode selects the operation, a
 * missing entry is NULL. */

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }

static int mul(int a, int b)
{
	if (a > 1000 || a < -1000 || b > 1000 || b < -1000)
		return 0; /* out of range: refuse rather than overflow */
	return a * b;
}

static int (*const ops[4])(int, int) = {add, sub, mul, 0};

/* apply runs opcode op on a and b; -1 for an unknown opcode. */
int apply(int op, int a, int b)
{
	int (*f)(int, int);

	if (op < 0 || op >= 4)
		return -1;
	f = ops[op];
	if (f == 0)
		return -1;
	return f(a, b);
}

/* fold applies f to the n values at v from left to right. */
int fold(int (*f)(int, int), const int *v, int n)
{
	int acc = v[0];
	for (int i = 1; i < n; i++)
		acc = (*f)(acc, v[i]);
	return acc;
}
