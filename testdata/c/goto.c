/* goto and labels: a retry loop and an early exit. */
int collatz(int n)
{
	int steps = 0;
	if (n <= 0)
		goto fail;
again:
	if (n == 1)
		goto done;
	if (steps > 50)
		goto fail;
	if (n % 2 == 0)
		n /= 2;
	else
		n = 3 * n + 1;
	steps++;
	goto again;
done:
	return steps;
fail:
	return -1;
}
