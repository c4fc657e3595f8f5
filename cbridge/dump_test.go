package cbridge

import (
	"fmt"
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	f, err := Load(os.Getenv("DUMP"))
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range f.Funcs {
		fmt.Println(fn)
	}
	for _, e := range f.Errors {
		fmt.Println("ERR", e)
	}
}
