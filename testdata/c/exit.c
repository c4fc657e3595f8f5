/* A legacy command-line validator: bad input ends the program with a
 * message on stderr and exit(1), as the Unix tools of old did, and an
 * impossible state aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(const char *why)
{
	fprintf(stderr, "usage: %s\n", why);
	exit(2);
}

/* port checks a port number: 1..65535, privileged ones refused. */
int port(int p)
{
	if (p <= 0 || p > 65535) {
		fprintf(stderr, "bad port %d\n", p);
		exit(1);
	}
	if (p < 1024)
		usage("privileged port");
	return p;
}

/* level maps a verbosity flag to a level; anything else is a usage
 * error, and a level beyond the table is a bug. */
int level(const char *flag)
{
	static const int levels[] = {0, 1, 2};
	int n;
	if (strcmp(flag, "-q") == 0)
		n = 0;
	else if (strcmp(flag, "-v") == 0)
		n = 1;
	else if (strncmp(flag, "-vv", 3) == 0)
		n = 2 + (int)strlen(flag + 3);
	else
		usage("-q, -v or -vv");
	if (n > 2)
		abort();
	return levels[n];
}

/* report prints a summary line and returns how many items were bad. */
int report(int good, int bad)
{
	if (bad == 0) {
		printf("all %d good\n", good);
		return 0;
	}
	printf("%d good, %d bad\n", good, bad);
	if (bad > good)
		puts("mostly bad");
	return bad;
}
