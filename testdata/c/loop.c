/* The loop of paper 001, annex A, figure 4, with the scanf'd value as a
 * parameter: i counts up to a. */
int loop(int a)
{
	int i;
	i = 0;
	while (a > i)
		i++;
	return i;
}
