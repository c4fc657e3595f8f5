/* A unit with constructs outside integer C: each such function is reported,
 * the others are still lowered. */
int counter;

int deref(int *p)
{
	if (*p > 0)
		return 1;
	return 0;
}

double half(double x)
{
	return x / 2;
}

int bump(void)
{
	counter++;
	return counter;
}

int abs3(int x)
{
	if (x < 0)
		return -x;
	return x;
}
