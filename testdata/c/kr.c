/* Pre-ANSI C as legacy code has it (issue 11): old-style (K&R)
 * definitions and declarations, implicit int results and parameters,
 * empty parameter lists, a bare "return;" in an int function, and int
 * functions that fall off their end. gcc -std=gnu89 accepts it all. */

int max();
static int clip();

/* max returns the larger of a and b. */
int max(a, b)
int a, b;
{
	if (a > b)
		return a;
	return b;
}

/* count returns how many times c occurs in s: implicit int result. */
count(s, c)
char *s;
int c;
{
	int n = 0;

	if (s == 0)
		return 0;
	while (*s) {
		if (*s == c)
			n++;
		s++;
	}
	return n;
}

/* sign has an implicit int parameter and a bare return: its result is
 * indeterminate for 0, which its callers must not use. */
int sign(x)
{
	if (x < 0)
		return -1;
	if (x > 0)
		return 1;
	return;
}

/* grade falls off its end below 50: a short parameter, promoted at the
 * call and converted back in the function. */
int grade(score)
	short score;
{
	if (score >= 90)
		return 2;
	else if (score >= 50)
		return 1;
}

/* clip is declared static above, defined old-style below its callers. */
static int clip(v, lo, hi)
	long v;
	int lo, hi;
{
	if (v < lo)
		return lo;
	if (v > hi)
		return hi;
	return (int)v;
}

/* level calls a function declared with an empty parameter list. */
int level()
{
	return clip(120L, 0, 100);
}

/* report uses sign's result only when it has one; using grade's result
 * below 50 is undefined, a finding. */
int report(x, s)
	int x;
	short s;
{
	if (x != 0 && sign(x) > 0)
		return grade(s);
	sign(x);
	return max(x, 0);
}
