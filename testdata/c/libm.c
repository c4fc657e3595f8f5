/* Calls of libm (issue 11): pbcc calls the real functions during its
 * replays and learns their results, which the solver otherwise picks
 * freely; the harness links -lm. */
#include <math.h>

/* bucket sorts a count by its square root. */
int bucket(int n)
{
	double r;

	if (n < 0)
		return -1;
	r = sqrt(n);
	if (r > 10)
		return 2;
	if (r > 3)
		return 1;
	return 0;
}

/* growth says whether e to the x exceeds a bound. */
int growth(int x, int bound)
{
	if (exp(x) > bound)
		return 1;
	return 0;
}
