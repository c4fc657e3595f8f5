package solve

// Z3 (4.8 and later) installs, for the time of each Z3_solver_check, a
// SIGINT handler of its own that cancels the check, and afterwards puts
// the previous one back with signal(2), which drops the flags the Go
// runtime set it with (SA_ONSTACK, SA_SIGINFO). A Ctrl-C then either
// cancels one query and is otherwise lost, or, once a check has
// returned, makes the Go runtime die with "non-Go code set up signal
// handler without SA_ONSTACK flag" (issue 9). Every Solver is made with
// ctrl_c=false (z3.Solver.NoCtrlC), which keeps Z3 away from SIGINT: the
// Go program handles it (os/signal) and interrupts the solver itself
// (Solver.Interrupt). TestSIGINTAfterCheck fails if the parameter is not
// in force.

// noZ3CtrlC is false only in the test that shows what happens without.
var noZ3CtrlC = true
