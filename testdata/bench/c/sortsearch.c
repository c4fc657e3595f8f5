/* Classic array kernels of the testing-benchmark literature (bubble sort
 * and binary search are in PathCrawler's and KLEE's example sets and in
 * most symbolic-execution papers' evaluations): bubble sort with the usual
 * early exit, insertion sort, and binary search over a sorted array, as in
 * Kernighan and Ritchie, "The C Programming Language", 2nd ed., 3.3. */

void bubble_sort(int a[], int n)
{
	int i, j, t, swapped;

	for (i = 0; i < n - 1; i++) {
		swapped = 0;
		for (j = 0; j < n - 1 - i; j++) {
			if (a[j] > a[j + 1]) {
				t = a[j];
				a[j] = a[j + 1];
				a[j + 1] = t;
				swapped = 1;
			}
		}
		if (!swapped)
			break;
	}
}

void insertion_sort(int a[], int n)
{
	int i, j, v;

	for (i = 1; i < n; i++) {
		v = a[i];
		for (j = i - 1; j >= 0 && a[j] > v; j--)
			a[j + 1] = a[j];
		a[j + 1] = v;
	}
}

/* binsearch: find x in v[0] <= v[1] <= ... <= v[n-1] (K&R 3.3) */
int binsearch(int x, int v[], int n)
{
	int low, high, mid;

	low = 0;
	high = n - 1;
	while (low <= high) {
		mid = (low + high) / 2;
		if (x < v[mid])
			high = mid - 1;
		else if (x > v[mid])
			low = mid + 1;
		else /* found match */
			return mid;
	}
	return -1; /* no match */
}
