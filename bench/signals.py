#!/usr/bin/env python3
"""Send SIGINT or SIGTERM to a running pbcc gen at given moments and report,
per run: the exit status (130 for SIGINT, 143 for SIGTERM), how long pbcc
took to stop after the signal, what it left in the temporary directory (a
fresh TMPDIR per run) and in the module (*.tmp files), and whether Go's
"fatal error" appeared (issue 9). TestSignals in cmd/pbcc asserts the same
on fewer moments.

Usage: bench/signals.py PBCC MODULE_DIR SIGNAL DELAY... [-- gen args]
  e.g. go build -o /tmp/pbcc ./cmd/pbcc
       bench/signals.py /tmp/pbcc /tmp/mod INT 0.3 1 2 3 4 5 6 8 -- ./...
MODULE_DIR is a module holding packages (or C files) to generate for; its
*_pbcc_test.* files are removed before each run.
"""
import glob, os, shutil, signal, subprocess, sys, tempfile, time

def main():
    pbcc, mod, sig = sys.argv[1], sys.argv[2], getattr(signal, 'SIG' + sys.argv[3])
    rest = sys.argv[4:]
    args = ['./...']
    if '--' in rest:
        i = rest.index('--')
        rest, args = rest[:i], rest[i + 1:]
    for delay in map(float, rest):
        for f in glob.glob(os.path.join(mod, '**', '*_pbcc_test.*'), recursive=True):
            os.remove(f)
        tmp = tempfile.mkdtemp(prefix='signals-')
        p = subprocess.Popen([pbcc, 'gen'] + args, cwd=mod, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, env=dict(os.environ, TMPDIR=tmp))
        time.sleep(delay)
        p.send_signal(sig)
        sent = time.time()
        _, err = p.communicate()
        took = time.time() - sent
        time.sleep(0.3)
        left = os.listdir(tmp)
        tmps = glob.glob(os.path.join(mod, '**', '*.tmp'), recursive=True) + glob.glob(os.path.join(mod, '**', '.*.tmp'), recursive=True)
        print(f"{sys.argv[3]} after {delay}s: exit {p.returncode}, stopped in {took:.2f}s, "
              f"left in TMPDIR {left}, *.tmp {tmps}, fatal error {'fatal error' in err}")
        shutil.rmtree(tmp, ignore_errors=True)

main()
