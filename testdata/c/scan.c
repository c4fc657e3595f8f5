/* A unit reading numbers from standard input with scanf, until the end
 * of the input: the sum of the positive numbers, at most max of them. */
#include <stdio.h>

int sum_positive(int max)
{
	int x, sum = 0, count = 0;

	while (count < max && scanf("%d", &x) == 1) {
		if (x > 0)
			sum += x;
		count++;
	}
	return sum;
}
