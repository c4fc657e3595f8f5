package generic

import (
	"testing"

	"github.com/pbcc/pbcc/internal/testenv"
)

// TestMain: the tests type-check with go/importer, which needs GOROOT
// (testenv.Main finds it for a test binary built with -trimpath).
func TestMain(m *testing.M) {
	testenv.Main(m)
}
