// Package templates holds the text/template sources pbcc renders its
// generated files from, embedded in the binary.
//
//	go_test.tmpl   the table-driven <src>_pbcc_test.go file for a Go source
//	               file (rendered by ssaexec/emit)
//
// The templates lay out the file; the packages that render them compute
// every name and literal beforehand and run the result through go/format.
package templates

import "embed"

// FS holds every *.tmpl file of this directory.
//
//go:embed *.tmpl
var FS embed.FS

// GoTest is the name in FS of the template of a Go test file.
const GoTest = "go_test.tmpl"
