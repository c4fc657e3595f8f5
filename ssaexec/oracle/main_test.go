package oracle

import (
	"testing"

	"github.com/pbcc/pbcc/internal/testenv"
)

// TestMain: the tests run go test on modules in temporary directories
// (testenv.TrimPaths).
func TestMain(m *testing.M) {
	testenv.Main(m)
}
