//go:build unix

package sqlite

// lockable: Open can lock a database here.
const lockable = true
