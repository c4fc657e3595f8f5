/* A switch with fall-through, a default in the middle and a nested loop. */
int days(int month, int leap)
{
	int d = 0;
	switch (month) {
	case 2:
		d = leap ? 29 : 28;
		break;
	case 4:
	case 6:
	case 9:
	case 11:
		d = 30;
		break;
	default:
		if (month < 1 || month > 12)
			return -1;
		/* fall through */
	case 1:
		d = 31;
	}
	return d;
}

int score(unsigned char c)
{
	int s = 0;
	switch (c) {
	case 'a':
		s += 1;
		/* fall through */
	case 'b':
		s += 2;
		/* fall through */
	case 'c':
		s += 4;
		break;
	case 'z':
		for (int i = 0; i < 3; i++) {
			if (i == 1)
				continue;
			s += i;
		}
		break;
	}
	return s;
}
