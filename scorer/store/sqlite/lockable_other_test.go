//go:build !unix

package sqlite

const lockable = false
