/* A chi-square goodness-of-fit test over observed and expected counts,
 * in the style of the Siemens suite's numeric routines: floating-point
 * arithmetic and a branch on the computed statistic. */

/* chisq returns 1 when the n observed counts differ significantly from
 * the expected ones (the statistic exceeds critical), 0 when not, and -1
 * when an expected count is not positive. */
int chisq(const double *observed, const double *expected, int n, double critical)
{
	double stat = 0.0;
	int i;

	for (i = 0; i < n; i++) {
		double d;
		if (expected[i] <= 0.0)
			return -1;
		d = observed[i] - expected[i];
		stat += d * d / expected[i];
	}
	if (stat > critical)
		return 1;
	return 0;
}

/* scale converts a float reading to a whole percentage, clamped. */
int scale(float reading, float full)
{
	float pct;

	if (full <= 0.0f)
		return 0;
	pct = reading / full * 100.0f;
	if (pct > 100.0f)
		return 100;
	if (pct < 0.0f)
		return 0;
	return (int)pct;
}
