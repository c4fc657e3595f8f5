/* trityp classifies a triangle by the lengths of its sides:
 * 1 equilateral, 2 isosceles, 3 scalene, 4 not a triangle. */
int trityp(int a, int b, int c)
{
	if (a <= 0 || b <= 0 || c <= 0)
		return 4;
	if (a + b <= c || a + c <= b || b + c <= a)
		return 4;
	if (a == b && b == c)
		return 1;
	if (a == b || b == c || a == c)
		return 2;
	return 3;
}
