/* Quicksort's partition step and a three-element rotation.
 * Paper 004 (Lee et al.), figure 4 (partition, in Java there) and
 * figure 6 (rotate, whose result depends on whether i, j and k alias the
 * same element: the paper's execution contexts). The arrays are C
 * pointers: pbcc chooses their length and content. */

int partition(int a[], int low, int high)
{
	int pivot_item = a[low];
	int left = low + 1;
	int right = high;

	while (left < right) { /* C0 */
		while (a[left] < pivot_item) /* C1 */
			left++;
		while (a[right] > pivot_item) /* C2 */
			right--;
		if (left < right) { /* C3 */
			int temp = a[left];
			a[left] = a[right];
			a[right] = temp;
		}
	}
	a[low] = a[right];
	a[right] = pivot_item;
	return right;
}

int rotate(int array[], int i, int j, int k)
{
	int temp = array[i];
	array[i] = array[j];
	array[j] = array[k];
	array[k] = temp;
	if (array[i] == temp) /* only when two of i, j, k coincide */
		return -1;
	return array[i];
}
