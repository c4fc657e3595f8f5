/* The Josephus decimation problem over a circular linked list.
 * Paper 003 (Charreteur, Botella, Gotlieb), figure 1: the first loop
 * builds a circular list of n nodes with malloc, the second removes every
 * m-th node with free until one is left. The paper's function ends
 * without a return; this one returns the survivor's key. */
#include <stdlib.h>

typedef struct node *link;
struct node {
	int key;
	link next;
};

int josephus(int n, int m)
{
	int i;
	link t, x;

	t = (link)malloc(sizeof(struct node));
	t->key = 1;
	x = t;
	i = 2;
	while (i <= n) { /* while1: build the circle */
		t->next = (link)malloc(sizeof(struct node));
		t = t->next;
		t->key = i;
		i++;
	}
	t->next = x;
	while (t != t->next) { /* while2: until one node is left */
		i = 1;
		while (i <= m - 1) { /* while3: count m - 1 nodes */
			t = t->next;
			i++;
		}
		x = t->next;
		t->next = (t->next)->next;
		free(x);
	}
	i = t->key;
	free(t);
	return i;
}
