// Package strconvx holds three functions of Go's strconv package
// (internal/strconv/atob.go and atoi.go, Go 1.26), BSD-style license, see
// https://go.dev/LICENSE.
//
// Adaptations: errors are not supported by pbcc, so ParseBool returns
// (value, ok) and Atoi (value, code) instead of an error (ok false / code
// errSyntax for ErrSyntax); Atoi's `for _, ch := range []byte(s)` is the
// equivalent index loop; its fast-path test `intSize == 32 && (0 < sLen &&
// sLen < 10) || intSize == 64 && (0 < sLen && sLen < 19)` is its 64-bit
// half (pbcc rejects the constant conditions intSize == 32/64: "unsupported:
// constant condition"); and its slow path (a call to ParseInt, for long,
// invalid or underscored numbers) is not copied: it returns code slowPath.
// underscoreOK and lower are unchanged.
package strconvx

const (
	errSyntax = 1 // strconv.ErrSyntax
	slowPath  = 2 // ParseInt(s, 10, 0) would decide
)

// ParseBool returns the boolean value represented by the string.
// It accepts 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False.
// Any other value returns an error.
func ParseBool(str string) (bool, bool) {
	switch str {
	case "1", "t", "T", "true", "TRUE", "True":
		return true, true
	case "0", "f", "F", "false", "FALSE", "False":
		return false, true
	}
	return false, false
}

// Atoi is equivalent to ParseInt(s, 10, 0), converted to type int.
func Atoi(s string) (int, int) {
	sLen := len(s)
	if 0 < sLen && sLen < 19 { // was: intSize == 32 && (0 < sLen && sLen < 10) || intSize == 64 && (0 < sLen && sLen < 19)
		// Fast path for small integers that fit int type.
		s0 := s
		if s[0] == '-' || s[0] == '+' {
			s = s[1:]
			if len(s) < 1 {
				return 0, errSyntax
			}
		}

		n := 0
		for i := 0; i < len(s); i++ { // was: for _, ch := range []byte(s)
			ch := s[i]
			ch -= '0'
			if ch > 9 {
				return 0, errSyntax
			}
			n = n*10 + int(ch)
		}
		if s0[0] == '-' {
			n = -n
		}
		return n, 0
	}

	// Slow path for invalid, big, or underscored integers.
	return 0, slowPath // was: i64, err := ParseInt(s, 10, 0); return int(i64), err
}

func lower(c byte) byte {
	return c | ('x' - 'X')
}

// underscoreOK reports whether the underscores in s are allowed.
// Checking them in this one function lets all the parsers skip over them simply.
// Underscore must appear only between digits or between a base prefix and a digit.
func underscoreOK(s string) bool {
	// saw tracks the last character (class) we saw:
	// ^ for beginning of number,
	// 0 for a digit or base prefix,
	// _ for an underscore,
	// ! for none of the above.
	saw := '^'
	i := 0

	// Optional sign.
	if len(s) >= 1 && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}

	// Optional base prefix.
	hex := false
	if len(s) >= 2 && s[0] == '0' && (lower(s[1]) == 'b' || lower(s[1]) == 'o' || lower(s[1]) == 'x') {
		i = 2
		saw = '0' // base prefix counts as a digit for "underscore as digit separator"
		hex = lower(s[1]) == 'x'
	}

	// Number proper.
	for ; i < len(s); i++ {
		// Digits are always okay.
		if '0' <= s[i] && s[i] <= '9' || hex && 'a' <= lower(s[i]) && lower(s[i]) <= 'f' {
			saw = '0'
			continue
		}
		// Underscore must follow digit.
		if s[i] == '_' {
			if saw != '0' {
				return false
			}
			saw = '_'
			continue
		}
		// Underscore must also be followed by digit.
		if saw == '_' {
			return false
		}
		// Saw non-digit, non-underscore.
		saw = '!'
	}
	return saw != '_'
}
