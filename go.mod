module github.com/pbcc/pbcc

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/mod v0.42.0
	golang.org/x/tools v0.52.0
	modernc.org/cc/v4 v4.31.0
)

require (
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	golang.org/x/sync v0.24.0 // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/opt v0.2.0 // indirect
	modernc.org/sortutil v1.2.1 // indirect
	modernc.org/strutil v1.2.1 // indirect
	modernc.org/token v1.1.0 // indirect
)
