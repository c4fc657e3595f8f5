package cbridge

import (
	"strings"

	"github.com/pbcc/pbcc/gen/ir"
	"modernc.org/cc/v4"
)

// call lowers a call: of a function defined in the same file (ir.Call),
// through a function pointer (ir.CallIndirect), or of one of the library
// functions the lowering models (see libraryCall). Each argument is
// converted to its parameter's type, as the prototype says.
func (b *builder) call(x *cc.PostfixExpression) ir.Value {
	discard := b.discard
	b.discard = false
	fe := unparen(x.PostfixExpression)
	if p, ok := fe.(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionPrimary {
		fe = unparen(p.PrimaryExpression)
	}
	var args []cc.ExpressionNode
	for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	id, direct := fe.(*cc.PrimaryExpression)
	if direct && id.Case == cc.PrimaryExpressionIdent {
		if d, ok := id.ResolvedTo().(*cc.Declarator); ok && b.cells[d] == nil && d.Type() != nil && d.Type().Kind() == cc.Function {
			name := id.Token.SrcStr()
			if callee := b.funcs[name]; callee != nil {
				info := callee.Src.(*FuncInfo)
				if len(args) != len(info.params) {
					b.unsupported(x, "call to %s with %d arguments for %d parameters", name, len(args), len(info.params))
				}
				vals := b.argsTo(args, info)
				if _, seen := b.callees[name]; !seen {
					b.callees[name] = x
				}
				return b.value(ir.NewCall(callee, vals), x)
			}
			if b.broken[name] {
				b.unsupported(x, "call to %s, which could not be lowered", name)
			}
			return b.libraryCall(x, name, args, discard)
		}
	}
	// A call through a function pointer: (*fp)(args), fp(args), t[i](args).
	ft := x.PostfixExpression.Type()
	if pt, ok := ft.(*cc.PointerType); ok {
		ft = pt.Elem()
	}
	fnt, ok := ft.(*cc.FunctionType)
	if !ok || fnt.IsVariadic() {
		b.unsupported(x, "call of %s", b.text(x.PostfixExpression))
	}
	ps := params(fnt)
	if len(args) != len(ps) {
		b.unsupported(x, "call through %s with %d arguments for %d parameters", b.text(x.PostfixExpression), len(args), len(ps))
	}
	fn := b.expr(x.PostfixExpression)
	if _, ok := fn.Type().(*ir.Signature); !ok {
		b.unsupported(x, "call through %s of type %s", b.text(x.PostfixExpression), fn.Type())
	}
	pts := make([]cc.Type, len(ps))
	for i, p := range ps {
		pts[i] = p.Type().Decay()
	}
	return b.value(ir.NewCallIndirect(fn, b.args(args, pts)), x)
}

// args lowers call arguments, converting each to its parameter's type.
func (b *builder) args(args []cc.ExpressionNode, params []cc.Type) []ir.Value {
	vals := make([]ir.Value, len(args))
	for i, a := range args {
		vals[i] = b.convert(b.expr(a), a.Type(), params[i], a)
	}
	return vals
}

// argsTo lowers the arguments of a call of a function of the file. An
// argument for a parameter the callee never uses, of another IR type than
// the parameter's, is evaluated and the parameter gets its zero value:
// K&R code passes such arguments unconverted (print_tokens2 passes its
// FILE * to unget_error(fp), declared character_stream *fp, which only
// prints a message), and no conversion is needed for a value nobody reads.
func (b *builder) argsTo(args []cc.ExpressionNode, info *FuncInfo) []ir.Value {
	vals := make([]ir.Value, len(args))
	for i, a := range args {
		v := b.expr(a)
		if it, ok := b.u.irType(info.params[i]); ok && info.unread[i] && v.Type().String() != it.String() {
			vals[i] = zeroValue(it)
			continue
		}
		vals[i] = b.convert(v, a.Type(), info.params[i], a)
	}
	return vals
}

// outputFuncs are the library functions whose output the lowering leaves
// out: a call of one is allowed as a statement (its value unused), its
// arguments evaluated for their side effects. The harness does not check
// what a unit prints.
var outputFuncs = map[string]bool{
	"printf": true, "fprintf": true, "puts": true, "putchar": true, "fputs": true,
	"putc": true, "fputc": true, "fflush": true,
}

// libraryCall lowers a call of a function the file declares but does not
// define:
//
//	malloc(n * sizeof(T)), malloc(sizeof(T))   Malloc{Elem: T, Count: n or 1}
//	calloc(n, sizeof(T))                       Malloc{Elem: T, Count: n, Zero}
//	malloc(n) without sizeof                   Malloc{Elem: u8, Count: n}
//	free(p)                                    Free{p}
//	getc(stdin), fgetc(stdin), getchar()       ReadInput i32: a character 0..255, or -1 (EOF)
//	scanf("%d", &x)                            v = ReadInput i32; store x <- v; value (v != -1)*2 - 1
//	printf, puts, putchar, ... as statements   nothing (arguments evaluated)
//	exit(n), _Exit(n), abort()                 Panic{X: n (i32) or nil, Exit}: the path ends
//	strlen, strcmp, memcpy, isdigit, ...       Call of the model in libc/libc.c (loadLibc)
//
// scanf's model: the stream holds the numbers read, and -1 marks its end;
// at the end scanf returns EOF (-1), otherwise 1. Two consequences: the
// number -1 cannot be read, and at the end x receives -1 where C leaves it
// unchanged.
func (b *builder) libraryCall(x *cc.PostfixExpression, name string, args []cc.ExpressionNode, discard bool) ir.Value {
	switch name {
	case "malloc", "calloc":
		var elem ir.Type = ir.Int{Bits: 8}
		var count ir.Value
		switch {
		case name == "malloc" && len(args) == 1:
			elem, count = b.allocSize(args[0])
		case name == "calloc" && len(args) == 2:
			if t, ok := sizeofType(args[1]); ok {
				elem = b.typeOf(args[1], t)
				count = b.conv(b.expr(args[0]), i64, args[0])
			} else {
				n := b.conv(b.expr(args[0]), i64, args[0])
				sz := b.conv(b.expr(args[1]), i64, args[1])
				count = b.value(ir.NewBinOp(ir.Mul, n, sz), x)
			}
		default:
			b.unsupported(x, "call to %s with %d arguments", name, len(args))
		}
		return b.value(ir.NewMalloc(elem, count, name == "calloc"), x)
	case "free":
		if len(args) != 1 {
			b.unsupported(x, "call to free with %d arguments", len(args))
		}
		// free((char *)p), free((pointer)p): the cast to a generic
		// pointer changes nothing free does; p itself is freed.
		p := b.expr(pointerCastOperand(args[0]))
		if c, ok := p.(*ir.Const); ok && c.Bits == 0 {
			return nil // free(NULL) does nothing
		}
		if _, ok := p.Type().(ir.Pointer); !ok {
			b.unsupported(x, "free of %s", kindName(args[0].Type()))
		}
		b.emit(ir.NewFree(p), x)
		return nil
	case "getc", "fgetc", "getchar":
		if name != "getchar" && len(args) == 1 && !isStdin(args[0]) && isFile(args[0].Type()) {
			if !b.inputFile(args[0]) {
				b.unsupported(x, "%s from a FILE * other than stdin, a parameter or a member", name)
			}
			// A FILE * of the unit's: the stream its contents are read
			// from, which the harness opens (FuncInfo.Files); reading
			// through NULL is a nil dereference, which the Load checks.
			fp := b.expr(args[0])
			b.value(ir.NewLoad(fp), x)
			b.info.Stream |= CharStream
			b.info.Files = true
			if b.u.ungetc {
				return b.fileModel(x, "pbcc_getc_file", []ir.Value{fp})
			}
			return b.value(ir.NewReadInput(i32), x)
		}
		if name == "getchar" && len(args) != 0 || name != "getchar" && (len(args) != 1 || !isStdin(args[0])) {
			b.unsupported(x, "%s from a stream other than stdin", name)
		}
		b.info.Stream |= CharStream
		b.info.Stdin = true
		return b.value(ir.NewReadInput(i32), x)
	case "ungetc":
		// On a FILE * parameter: libc.c's pbcc_ungetc_file keeps the
		// character for the next getc (pbcc_getc_file).
		if len(args) != 2 || isStdin(args[1]) || !isFile(args[1].Type()) {
			b.unsupported(x, "ungetc other than on a FILE * parameter")
		}
		if !b.inputFile(args[1]) {
			b.unsupported(x, "ungetc on a FILE * other than a parameter or a member")
		}
		c := b.conv(b.expr(args[0]), i32, args[0])
		fp := b.expr(args[1])
		b.value(ir.NewLoad(fp), x)
		b.info.Stream |= CharStream
		b.info.Files = true
		return b.fileModel(x, "pbcc_ungetc_file", []ir.Value{c, fp})
	case "scanf":
		if len(args) != 2 || !isStringLiteral(args[0]) || strings.TrimSpace(string(stringBytes(args[0]))) != "%d" {
			b.unsupported(x, "scanf other than scanf(\"%%d\", &x)")
		}
		pt, ok := args[1].Type().(*cc.PointerType)
		if !ok || pt.Elem().Kind() != cc.Int {
			b.unsupported(x, "scanf(\"%%d\") into %s", args[1].Type())
		}
		b.info.Stream |= NumberStream
		b.info.Stdin = true
		p := b.expr(args[1])
		v := b.value(ir.NewReadInput(i32), x)
		b.emit(ir.NewStore(p, v), x)
		more := b.conv(b.value(ir.NewBinOp(ir.Ne, v, ir.IntConst(i32, -1)), x), i32, x)
		twice := b.value(ir.NewBinOp(ir.Add, more, more), x)
		return b.value(ir.NewBinOp(ir.Sub, twice, ir.IntConst(i32, 1)), x)
	}
	if name == "__assert_fail" {
		name, args = "abort", nil // assert(e) failing: glibc prints and aborts
	}
	if name == "exit" || name == "_Exit" || name == "abort" {
		// The path ends here, on purpose: a case may expect it.
		var status ir.Value
		if name == "abort" && len(args) != 0 || name != "abort" && (len(args) != 1 || !cc.IsIntegerType(args[0].Type())) {
			b.unsupported(x, "call to %s with %d arguments", name, len(args))
		}
		if name != "abort" {
			status = b.conv(b.expr(args[0]), i32, args[0])
		}
		b.terminate(&ir.Panic{X: status, Exit: true}, x)
		return nil
	}
	if name == "fgets" && len(args) == 3 && b.u.ungetc && !isStdin(args[2]) {
		b.unsupported(x, "fgets from a FILE * in a file that calls ungetc")
	}
	if name == "fgets" && len(args) == 3 {
		// pbcc_fgets_stdin or pbcc_fgets_file (libc.c), which read the
		// case's stream as getc does.
		model, fileArg := "pbcc_fgets_stdin", false
		if !isStdin(args[2]) {
			if !isFile(args[2].Type()) || !b.inputFile(args[2]) {
				b.unsupported(x, "fgets from a FILE * other than stdin, a parameter or a member")
			}
			model, fileArg = "pbcc_fgets_file", true
		}
		lf := b.u.lib[model]
		if lf == nil {
			b.unsupported(x, "fgets (no model)")
		}
		info := lf.Src.(*FuncInfo)
		b.info.Stream |= CharStream
		if fileArg {
			b.info.Files = true
		} else {
			b.info.Stdin = true
			args = args[:2]
		}
		return b.value(ir.NewCall(lf, b.args(args, info.params)), x)
	}
	if lf := b.u.lib[name]; lf != nil {
		info := lf.Src.(*FuncInfo)
		if len(args) != len(info.params) {
			b.unsupported(x, "call to %s with %d arguments for %d parameters", name, len(args), len(info.params))
		}
		return b.value(ir.NewCall(lf, b.args(args, info.params)), x)
	}
	if goName, ok := libm[name]; ok {
		if v := b.libmCall(x, name, goName, args); v != nil {
			return v
		}
	}
	if outputFuncs[name] && discard {
		for _, a := range args {
			if isFile(a.Type()) && !isStdin(a) && b.inputFile(a) {
				// fprintf(fp, ...), putc(c, fp) on a FILE * parameter
				// or member: writing through NULL crashes (gzip's
				// display_ratio and fprint_off), so the stream is
				// loaded, and a case passes the harness's stream.
				fp := b.expr(a)
				b.value(ir.NewLoad(fp), x)
				b.info.Files = true
				continue
			}
			// Evaluated when it has effects, reads memory that may
			// not be there (putc(lin[j], stdout) with lin NULL), or
			// has branches gcov counts (gzip's display_ratio:
			// fprintf(file, "%5.1f%%", den == 0 ? 0 : 100.0 * num / den)).
			if !isStringLiteral(a) && !isStdin(a) && (hasEffects(a) || dereferences(a) || branches(a)) {
				b.expr(a)
			}
		}
		return nil
	}
	if b.u.info.undefined[name] {
		// Another unit of the program defines it: the path ends here
		// for the search (ir.Panic.Unknown), the other paths of the
		// function are searched (bc's bc_new_num calls out_of_memory
		// when malloc fails). Its arguments are not evaluated.
		b.terminate(&ir.Panic{Unknown: name}, x)
		if t := x.Type(); t != nil && t.Kind() != cc.Void {
			if it, ok := b.u.irType(t); ok {
				if z := zeroValue(it); z != nil {
					return z // dead code: the block after the end
				}
			}
			b.unsupported(x, "call to %s, defined in another unit, of result %s", name, t)
		}
		return nil
	}
	b.unsupported(x, "call to %s, which is not defined in this file", name)
	return nil
}

// fileModel calls the libc.c model name (pbcc_getc_file,
// pbcc_ungetc_file) with already lowered arguments.
func (b *builder) fileModel(x *cc.PostfixExpression, name string, args []ir.Value) ir.Value {
	lf := b.u.lib[name]
	if lf == nil {
		b.unsupported(x, "%s (no model)", name)
	}
	return b.value(ir.NewCall(lf, args), x)
}

// inputFile reports whether the FILE * e is one the harness can make the
// case's stream: a parameter, or a member of a struct (x->fp, x.fp, as
// a stream type built on FILE * keeps it), whose value comes from the
// case's inputs. The harness passes the same stream (pbcc_f) for every
// FILE * that is not NULL, so all of them read one character stream.
func (b *builder) inputFile(e cc.ExpressionNode) bool {
	if pe, ok := unparen(e).(*cc.PostfixExpression); ok {
		return pe.Case == cc.PostfixExpressionPSelect || pe.Case == cc.PostfixExpressionSelect
	}
	d := b.declarationOf(e, b.text(e))
	return d != nil && d.IsParam()
}

// isStdin reports whether e is the identifier stdin.
func isStdin(e cc.ExpressionNode) bool {
	pe, ok := unparen(e).(*cc.PrimaryExpression)
	return ok && pe.Case == cc.PrimaryExpressionIdent && pe.Token.SrcStr() == "stdin"
}

// sizeofType returns T when e is sizeof(T) or sizeof expr of type T.
func sizeofType(e cc.ExpressionNode) (cc.Type, bool) {
	u, ok := unparen(e).(*cc.UnaryExpression)
	if !ok {
		return nil, false
	}
	switch u.Case {
	case cc.UnaryExpressionSizeofType:
		return u.TypeName.Type(), true
	case cc.UnaryExpressionSizeofExpr:
		return u.UnaryExpression.Type(), true
	}
	return nil, false
}

// allocSize splits malloc's argument into an element type and a count:
// sizeof(T) is one T, n * sizeof(T) or sizeof(T) * n is n of them, any
// other size n is n bytes.
func (b *builder) allocSize(e cc.ExpressionNode) (ir.Type, ir.Value) {
	if t, ok := sizeofType(e); ok {
		return b.typeOf(e, t), ir.IntConst(i64, 1)
	}
	if m, ok := unparen(e).(*cc.MultiplicativeExpression); ok && m.Case == cc.MultiplicativeExpressionMul {
		if t, ok := sizeofType(m.CastExpression); ok {
			return b.typeOf(e, t), b.conv(b.expr(m.MultiplicativeExpression), i64, m.MultiplicativeExpression)
		}
		if t, ok := sizeofType(m.MultiplicativeExpression); ok {
			return b.typeOf(e, t), b.conv(b.expr(m.CastExpression), i64, m.CastExpression)
		}
	}
	return ir.Int{Bits: 8}, b.conv(b.expr(e), i64, e)
}

// libm maps the functions of <math.h> on doubles that pbcc calls for real
// to the Go functions that compute them: sqrt, fabs, floor, ceil, trunc,
// fmod and copysign exactly as glibc does (IEEE 754 makes them exact),
// the others (log, exp, sin, pow, ...) within an ulp or so of glibc. A
// call is an ir.CallExtern: its result is an unknown to the solver, which
// the replays learn (gen/extern.go), and the harness compares a double
// that such a call computed within a relative 1e-9 (caseWriter.inexact).
var libm = map[string]string{
	"sqrt": "math.Sqrt", "fabs": "math.Abs", "floor": "math.Floor", "ceil": "math.Ceil",
	"trunc": "math.Trunc", "round": "math.Round", "fmod": "math.Mod", "copysign": "math.Copysign",
	"log": "math.Log", "log10": "math.Log10", "log2": "math.Log2", "exp": "math.Exp",
	"sin": "math.Sin", "cos": "math.Cos", "pow": "math.Pow", "hypot": "math.Hypot", "cbrt": "math.Cbrt",
}

// libmExact lists the functions of libm whose Go counterparts give
// glibc's results bit for bit.
var libmExact = map[string]bool{
	"sqrt": true, "fabs": true, "floor": true, "ceil": true, "trunc": true,
	"round": true, "fmod": true, "copysign": true,
}

// libmCall lowers the call x of the libm function name, declared with
// double parameters and result, to a call of the Go function goName; nil
// when its declaration is not that.
func (b *builder) libmCall(x *cc.PostfixExpression, name, goName string, args []cc.ExpressionNode) ir.Value {
	d := b.declarationOf(x.PostfixExpression, name)
	if d == nil {
		return nil
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok || ft.IsVariadic() || ft.Result().Kind() != cc.Double {
		return nil
	}
	ps := params(ft)
	var pts []cc.Type
	for _, p := range ps {
		if p.Type().Kind() != cc.Double {
			return nil
		}
		pts = append(pts, p.Type())
	}
	if len(args) != len(ps) {
		b.unsupported(x, "call to %s with %d arguments for %d parameters", name, len(args), len(ps))
	}
	if !libmExact[name] {
		b.info.Inexact = true
	}
	return b.value(ir.NewCallExtern(goName, b.args(args, pts), []ir.Type{ir.Float{Bits: 64}}), x)
}

// declarationOf returns the declarator the first identifier name inside n
// resolves to, if any.
func (b *builder) declarationOf(n cc.Node, name string) *cc.Declarator {
	var d *cc.Declarator
	inspect(n, func(m cc.Node) bool {
		if pe, ok := m.(*cc.PrimaryExpression); ok && pe.Case == cc.PrimaryExpressionIdent && pe.Token.SrcStr() == name {
			d, _ = pe.ResolvedTo().(*cc.Declarator)
		}
		return d == nil
	})
	return d
}

// pointerCastOperand strips the casts of a pointer to another pointer type
// (and the parentheses) from e: (void *)p, (char *)p, K&R's (pointer)p.
func pointerCastOperand(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		e = unparen(e)
		x, ok := e.(*cc.CastExpression)
		if !ok || x.Case != cc.CastExpressionCast || x.Type().Kind() != cc.Ptr || x.CastExpression.Type() == nil || x.CastExpression.Type().Kind() != cc.Ptr {
			return e
		}
		e = x.CastExpression
	}
}
