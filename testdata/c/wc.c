/* wc: count the lines, words and characters of standard input.
 * Paper 001, annex C, figure 1 (the WordCount program, after Kernighan
 * and Ritchie), read with getc(stdin); the paper prints the counts inside
 * the loop and declares "void main(void)", this version prints them once
 * and returns the number of words so that a test can check a result. */
#include <stdio.h>

int main(void)
{
	int inword, nl, nw, nc, c;

	inword = 0;
	nl = 0;
	nw = 0;
	nc = 0;
	c = getc(stdin);
	while (c != EOF) {
		nc = nc + 1;
		if (c == '\n')
			nl = nl + 1;
		if (c == '\n' || c == '\t' || c == ' ')
			inword = 0;
		else if (inword == 0) {
			inword = 1;
			nw = nw + 1;
		}
		c = getc(stdin);
	}
	printf("%d %d %d\n", nl, nw, nc);
	return nw;
}
