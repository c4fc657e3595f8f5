// Package netipv4 is the IPv4 parser of Go's net/netip package
// (net/netip/netip.go, Go 1.26), BSD-style license, see
// https://go.dev/LICENSE.
//
// Adaptation: errors are not supported by pbcc, so parseIPv4Fields returns
// an error code instead of a parseAddrError (0 for nil; the codes name the
// messages), and parseIPv4 returns the four fields and the code instead of
// an Addr and an error. The logic is unchanged.
package netipv4

const (
	errLeadingZero = 1 + iota // "IPv4 field has octet with leading zero"
	errTooBig                 // "IPv4 field has value >255"
	errNoDigit                // "IPv4 field must have at least one digit"
	errTooLong                // "IPv4 address too long"
	errUnexpected             // "unexpected character"
	errTooShort               // "IPv4 address too short"
)

func parseIPv4Fields(in string, off, end int, fields []uint8) int {
	var val, pos int
	var digLen int // number of digits in current octet
	s := in[off:end]
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			if digLen == 1 && val == 0 {
				return errLeadingZero
			}
			val = val*10 + int(s[i]) - '0'
			digLen++
			if val > 255 {
				return errTooBig
			}
		} else if s[i] == '.' {
			// .1.2.3
			// 1.2.3.
			// 1..2.3
			if i == 0 || i == len(s)-1 || s[i-1] == '.' {
				return errNoDigit
			}
			// 1.2.3.4.5
			if pos == 3 {
				return errTooLong
			}
			fields[pos] = uint8(val)
			pos++
			val = 0
			digLen = 0
		} else {
			return errUnexpected
		}
	}
	if pos < 3 {
		return errTooShort
	}
	fields[3] = uint8(val)
	return 0
}

// parseIPv4 parses s as an IPv4 address (in form "192.168.0.1").
func parseIPv4(s string) (ip [4]uint8, err int) {
	var fields [4]uint8
	err = parseIPv4Fields(s, 0, len(s), fields[:])
	if err != 0 {
		return [4]uint8{}, err
	}
	return fields, 0
}
