package ssaexec

import "go/types"

// machine are the packages whose functions act on the machine: a search
// that calls them with made-up arguments could remove files or hang on
// the network.
var machine = map[string]bool{"os": true, "os/exec": true, "syscall": true, "net": true, "net/http": true,
	"io/ioutil": true, "os/signal": true, "plugin": true}

// harmless are the functions of those packages that neither act on the
// machine nor depend on it.
var harmless = map[string]bool{"os.IsNotExist": true, "os.IsExist": true, "os.IsPermission": true,
	"os.IsTimeout": true, "os.NewSyscallError": true}

// readers are the functions of those packages that only read the state
// of the process or the machine: a function that calls them is run, but
// what it gives depends on the machine (the user, the host, the network
// interfaces, the environment), so that a test that checks it would
// fail on another machine or under another user.
var readers = map[string]bool{"os.Getenv": true, "os.LookupEnv": true, "os.Environ": true, "os.ExpandEnv": true,
	"os.Getpid": true, "os.Getppid": true, "os.Getuid": true, "os.Geteuid": true, "os.Getgid": true,
	"os.Getegid": true, "os.Getgroups": true, "os.Getpagesize": true, "os.Hostname": true, "os.Getwd": true,
	"os.Executable": true, "os.UserHomeDir": true, "os.UserCacheDir": true, "os.UserConfigDir": true,
	"os.TempDir": true, "os.Stat": true, "os.Lstat": true,
	// A file read (rs/xid's machine ID from /etc/machine-id).
	"os.ReadFile": true, "ioutil.ReadFile": true, "os.ReadDir": true, "ioutil.ReadDir": true,
	"net.Interfaces": true, "net.InterfaceAddrs": true, "net.InterfaceByIndex": true, "net.InterfaceByName": true,
	"net.Addrs": true, "net.MulticastAddrs": true}

// Machine classifies a function of pkg by name: reads when it only reads
// the state of the process or the machine (readers), acts when it acts on
// the machine (a function of the machine packages neither reader nor
// harmless).
func Machine(pkg *types.Package, name string) (reads, acts bool) {
	if !machine[pkg.Path()] {
		return false, false
	}
	qual := pkg.Name() + "." + name
	return readers[qual], !readers[qual] && !harmless[qual]
}

// Stops reports whether a call of fn that the package under test makes
// is stopped by its instrumentation (ssaexec/cover) in pbcc's runs on the
// real code: fn acts on the machine, and it is neither one of the calls
// the instrumentation confines (PathArgs), os.Exit (the call's outcome),
// nor one of what a test restores (an *os.File's methods, the
// environment: ProcessLocal). An input whose call gets there is neither
// run on nor kept, so that the paths of a function before it acts
// (godotenv's Exec: its files not found) are searched and tested, and
// the act never runs. Methods of interfaces are not stopped: their
// implementations are the search's own.
func Stops(fn *types.Func) bool {
	pkg := fn.Pkg()
	if pkg == nil {
		return false
	}
	if _, acts := Machine(pkg, fn.Name()); !acts {
		return false
	}
	if _, _, ok := PathArgs(fn); ok {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return false
	}
	return !ExitFunc(fn) && !processLocal(fn)
}

// isOSFile reports whether t is *os.File.
func isOSFile(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}
