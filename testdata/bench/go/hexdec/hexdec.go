// Package hexdec is the decoder of Go's encoding/hex package
// (encoding/hex/hex.go, Go 1.26), BSD-style license, see
// https://go.dev/LICENSE.
//
// Adaptations: errors are not supported by pbcc, so Decode returns an error
// code instead of an error value (0: nil, errLength: ErrLength, errInvalid:
// InvalidByteError, with the offending byte's index as the count, as hex
// does); the reverseHexTable string lookup of fromHexChar's newer versions
// is the switch of the older ones (Go 1.20), which has the same results.
package hexdec

const (
	errLength  = 1 // hex.ErrLength
	errInvalid = 2 // hex.InvalidByteError
)

// Decode decodes src into DecodedLen(len(src)) bytes,
// returning the actual number of bytes written to dst.
//
// Decode expects that src contains only hexadecimal
// characters and that src has even length.
// If the input is malformed, Decode returns the number
// of bytes decoded before the error.
func Decode(dst, src []byte) (int, int) {
	i, j := 0, 1
	for ; j < len(src); j += 2 {
		p := src[j-1]
		q := src[j]

		a, ok := fromHexChar(p)
		if !ok {
			return i, errInvalid
		}
		b, ok := fromHexChar(q)
		if !ok {
			return i, errInvalid
		}
		dst[i] = (a << 4) | b
		i++
	}
	if len(src)%2 == 1 {
		// Check for invalid char before reporting bad length,
		// since the invalid char (if present) is an earlier problem.
		if _, ok := fromHexChar(src[j-1]); !ok {
			return i, errInvalid
		}
		return i, errLength
	}
	return i, 0
}

// fromHexChar converts a hex character into its value and a success flag.
func fromHexChar(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}

	return 0, false
}
