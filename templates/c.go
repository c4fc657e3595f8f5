package templates

// CTest is the name in FS of the template of a C harness file,
// <src>_pbcc_test.c (rendered by cbridge.Harness).
const CTest = "c_test.tmpl"
