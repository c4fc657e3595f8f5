// Package genfile writes generated files the way pbcc promises: atomically
// (a temporary file in the same directory, renamed over the target, so no
// file is ever left half-written) and never over a file that pbcc did not
// generate.
package genfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// IsGenerated reports whether data begins with the line header.
func IsGenerated(data []byte, header string) bool {
	rest, ok := bytes.CutPrefix(data, []byte(header))
	return ok && (len(rest) == 0 || rest[0] == '\n' || bytes.HasPrefix(rest, []byte("\r\n")))
}

// Write writes content, which must begin with the line header, to path
// atomically. It refuses, with an error naming path, to overwrite a file
// that does not begin with header. An existing file keeps its
// permissions; a new one is made 0644.
func Write(path string, content []byte, header string) error {
	if !IsGenerated(content, header) {
		return fmt.Errorf("%s: refusing to write a file that does not begin with %q", path, header)
	}
	perm := fs.FileMode(0o644)
	old, err := os.ReadFile(path)
	switch {
	case err == nil:
		if !IsGenerated(old, header) {
			return fmt.Errorf("%s: not overwriting a file pbcc did not generate (it does not begin with %q)", path, header)
		}
		if fi, err := os.Stat(path); err == nil {
			perm = fi.Mode().Perm()
		}
	case errors.Is(err, fs.ErrNotExist):
	default:
		return err // names path
	}

	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(content); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	done = true
	return nil
}
