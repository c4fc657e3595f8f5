/* PathCrawler's running example (paper 002, figure 1). The array parameter
 * A[2] of f is passed here as two integers copied into a local array. */
int g(int i, int x)
{
	if (i == x)
		return 2;
	else
		return (i * x) + 1;
}

int f(int a0, int a1, int e, int x)
{
	int A[2];
	int i, res;
	A[0] = a0;
	A[1] = a1;
	res = 0;
	if ((x < -1) || (x > 1)) {
		i = 0;
		while ((i < 2) && (res == 0)) {
			if (e == A[i])
				res = g(i + 1, x);
			else
				i++;
		}
	}
	if (res == 2)
		return 1;
	else
		return 0;
}
