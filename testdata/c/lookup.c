/* A table lookup with an off-by-one bound: for day == 7 it reads past
 * the end of the table (undefined behaviour that pbcc reports as a
 * finding rather than writing a test that relies on it). */

static const int hours[7] = {0, 8, 8, 8, 8, 6, 0};

int shift_hours(int day, int overtime)
{
	int h;

	if (day < 0 || day > 7) /* should be day >= 7 */
		return -1;
	h = hours[day];
	if (overtime && h > 0)
		h += 2;
	return h;
}
