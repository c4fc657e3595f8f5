// Package bittrick has branches on bit operations, shifts and conversions
// between integer kinds.
package bittrick

// IsPowerOfTwo reports whether x is a power of two.
//
// Interesting branch: "x&(x-1) == 0" true with x != 0 needs exactly one
// bit set.
func IsPowerOfTwo(x uint32) bool {
	if x != 0 && x&(x-1) == 0 {
		return true
	}
	return false
}

// HasBit reports whether bit k of x is set (false when k >= 64).
//
// Interesting branch: the shift count is a uint8, not x's type.
func HasBit(x uint64, k uint8) bool {
	if x>>k&1 == 1 {
		return true
	}
	return false
}

// LowByte classifies the low byte of x read as an int8: -1 when negative,
// 0 when zero, 1 when positive; it returns 2 when x does not fit in a byte
// at all.
//
// Interesting branches: "int8(x) < 0" truncates and reinterprets the sign;
// "uint32(b) != x" widens back.
func LowByte(x uint32) int {
	b := int8(x)
	if uint32(uint8(b)) != x {
		return 2
	}
	if b < 0 {
		return -1
	}
	if b == 0 {
		return 0
	}
	return 1
}

// Log2 returns the index of the highest bit set in x, or -1 when x is 0.
//
// Interesting branch: "x != 0" taken k times needs x >= 1<<(k-1).
func Log2(x uint16) int8 {
	n := int8(-1)
	for x != 0 {
		x >>= 1
		n++
	}
	return n
}
