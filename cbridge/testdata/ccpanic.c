    if (!fgets(s, 104, stdin)) {
{
}
stclose(pat, j, lastj)
{
    int	i, j, lastj, lj;
	lj = j;