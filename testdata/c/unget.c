/* Old C of the kind the Siemens programs are made of: K&R definitions,
 * a reader that pushes back the character that ends a word (ungetc on a
 * FILE * parameter), a parameter passed as another pointer type than the
 * one it is declared with and never used, and a doubly linked list whose
 * nodes may alias each other. */
#include <stdio.h>

typedef FILE *stream;

static report(where)
stream *where;
{
	printf("cannot push back\n");
	return 0;
}

/* word: skips blanks, counts the letters of a word, pushes back the
 * character after it; a word ended by ';' counts negative. */
int word(fp)
stream fp;
{
	int c, n = 0;
	while ((c = getc(fp)) == ' ')
		;
	while (c >= 'a' && c <= 'z') {
		n++;
		c = getc(fp);
	}
	if (ungetc(c, fp) == EOF) {
		report(fp);
		return n;
	}
	if (getc(fp) == ';')
		return -n;
	return n;
}

struct node {
	struct node *next, *prev;
	int val;
};

struct list {
	struct node *first, *last;
	int count;
};

/* unlink_node takes n out of l, as a scheduler's queue does. */
struct list *unlink_node(l, n)
struct list *l;
struct node *n;
{
	if (!l || !n)
		return 0;
	if (n->next)
		n->next->prev = n->prev;
	else
		l->last = n->prev;
	if (n->prev)
		n->prev->next = n->next;
	else
		l->first = n->next;
	l->count--;
	return l;
}
