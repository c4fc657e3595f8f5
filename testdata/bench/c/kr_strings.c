/* String kernels over char buffers, classic test subjects: strcmp and
 * strindex as in Kernighan and Ritchie, "The C Programming Language", 2nd
 * ed. (5.5 strcmp, 4.1 strindex), and the Luhn (mod 10) check digit of
 * ISO/IEC 7812 over a string of digits, as credit-card validators write it. */

/* strcmp: return <0 if s<t, 0 if s==t, >0 if s>t (K&R 5.5) */
int kr_strcmp(const char *s, const char *t)
{
	for (; *s == *t; s++, t++)
		if (*s == '\0')
			return 0;
	return *s - *t;
}

/* strindex: return index of t in s, -1 if none (K&R 4.1) */
int strindex(const char s[], const char t[])
{
	int i, j, k;

	for (i = 0; s[i] != '\0'; i++) {
		for (j = i, k = 0; t[k] != '\0' && s[j] == t[k]; j++, k++)
			;
		if (k > 0 && t[k] == '\0')
			return i;
	}
	return -1;
}

/* luhn: 1 if the digit string passes the Luhn check, 0 if not, -1 if it
 * is empty or holds a character that is neither a digit nor a space. */
int luhn(const char *s)
{
	int len = 0, sum = 0, alt = 0, digits = 0;

	while (s[len] != '\0')
		len++;
	for (int i = len - 1; i >= 0; i--) {
		char c = s[i];
		if (c == ' ')
			continue;
		if (c < '0' || c > '9')
			return -1;
		int d = c - '0';
		if (alt) {
			d *= 2;
			if (d > 9)
				d -= 9;
		}
		sum += d;
		alt = !alt;
		digits++;
	}
	if (digits < 2)
		return -1;
	return sum % 10 == 0;
}
