package bufs

import "math/big"

// Clamp returns n when it is below limit, limit otherwise.
func Clamp(n *big.Int, limit int64) *big.Int {
	l := big.NewInt(limit)
	if n.Cmp(l) < 0 {
		return n
	}
	return l
}

// Square returns n*n.
func Square(n big.Int) big.Int {
	var r big.Int
	r.Mul(&n, &n)
	if r.BitLen() > 70 {
		return r
	}
	return r
}
