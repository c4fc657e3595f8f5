package ssaexec

import (
	"golang.org/x/tools/go/ssa"
)

// ---- defer, and the mutexes of one goroutine ----
//
// A defer statement is lowered when the model can tell, at each return,
// which deferred calls run and in what order without a record of them:
// each defer statement runs at most once per call (its block is in no
// loop), and at each return it either ran (its block dominates the
// RunDefers') or did not (the return cannot be reached from it: the
// early `return nil, err` before `defer f.Close()`). Its call then is
// made at each RunDefers it ran before, the last deferred first, with
// the arguments evaluated at the defer statement (SSA values, which the
// lowering keeps). That is the common `mu.Lock(); defer mu.Unlock()` and
// `f, err := open(); if err != nil { return err }; defer f.close()`. A
// deferred call that may recover a panic (its function calls recover)
// and one of a builtin are not lowered; the function is then searched
// on the real code only. On a panic the model runs no deferred call: the
// panic is the outcome it expects, which the real run checks.
//
// Within one goroutine, sync.Mutex's and sync.RWMutex's Lock and Unlock
// change nothing the function can observe: they are lowered to nothing,
// and so is runtime.KeepAlive, which only tells the garbage collector
// (jsonparser's StringToBytes, after an unsafe conversion).

// mutexOps are the calls lowered to nothing.
var mutexOps = map[string]bool{
	"(*sync.Mutex).Lock": true, "(*sync.Mutex).Unlock": true,
	"(*sync.RWMutex).Lock": true, "(*sync.RWMutex).Unlock": true,
	"(*sync.RWMutex).RLock": true, "(*sync.RWMutex).RUnlock": true,
	"runtime.KeepAlive": true,
}

// mutexOp reports whether a call of fn is lowered to nothing.
func mutexOp(fn *ssa.Function) bool { return fn != nil && mutexOps[fn.String()] }

// deferredCalls returns the defer statements of the function in the
// order they run at a return (the last deferred first), failing when the
// model cannot run them (see above).
func (l *fnLowering) deferredCalls() []*ssa.Defer {
	var defers []*ssa.Defer
	var runs []*ssa.BasicBlock
	// In dominator-tree preorder: the defer statements that dominate a
	// block come in the order they run.
	for _, b := range l.fn.DomPreorder() {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Defer:
				defers = append(defers, in)
			case *ssa.RunDefers:
				runs = append(runs, b)
			}
		}
	}
	for _, d := range defers {
		pos := d.Pos()
		if d.DeferStack != nil {
			l.unsupported(pos, "defer statement in the body of a range-over-func loop")
		}
		common := d.Common()
		if b, ok := common.Value.(*ssa.Builtin); ok && !common.IsInvoke() {
			l.unsupported(pos, "defer statement of builtin %s", b.Name())
		}
		if inLoop(d.Block()) {
			l.unsupported(pos, "defer statement in a loop")
		}
		for _, rb := range runs {
			if !d.Block().Dominates(rb) && reaches(d.Block(), rb) {
				l.unsupported(pos, "defer statement on some paths only")
			}
		}
		if !common.IsInvoke() && callsRecover(common.Value) {
			l.unsupported(pos, "defer statement of a function that calls recover")
		}
	}
	for i, j := 0, len(defers)-1; i < j; i, j = i+1, j-1 {
		defers[i], defers[j] = defers[j], defers[i]
	}
	return defers
}

// runDefers lowers the RunDefers of block b: the deferred calls whose
// defer statements ran before it (deferredCalls), the last first.
func (l *fnLowering) runDefers(b *ssa.BasicBlock) {
	at := l.ipos
	for _, d := range l.defers {
		if !d.Block().Dominates(b) {
			continue // the return comes before the defer statement
		}
		pos := d.Pos()
		l.ipos = l.lw.pos(pos)
		common := d.Common()
		if common.IsInvoke() {
			l.invoke(common, pos)
			continue
		}
		if _, why := l.lw.types(common.Signature().Results()); why != "" {
			l.unsupported(pos, "%s", why)
		}
		l.callCommon(common, pos)
	}
	l.ipos = at
}

// reaches reports whether to can be entered after from.
func reaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock{}, from.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == to {
			return true
		}
		if !seen[x] {
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return false
}

// inLoop reports whether b can be entered again once left.
func inLoop(b *ssa.BasicBlock) bool { return reaches(b, b) }

// callsRecover reports whether the function v designates (a function, a
// closure) calls the builtin recover, itself or in a function literal.
func callsRecover(v ssa.Value) bool {
	var fn *ssa.Function
	switch v := v.(type) {
	case *ssa.Function:
		fn = v
	case *ssa.MakeClosure:
		fn, _ = v.Fn.(*ssa.Function)
	}
	if fn == nil {
		return false
	}
	var walk func(f *ssa.Function) bool
	walk = func(f *ssa.Function) bool {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					if b, ok := c.Common().Value.(*ssa.Builtin); ok && b.Name() == "recover" {
						return true
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			if walk(a) {
				return true
			}
		}
		return false
	}
	return walk(fn)
}
