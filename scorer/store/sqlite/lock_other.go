//go:build !unix

package sqlite

import "os"

// lockFile locks nothing where flock does not exist; the store then keeps
// no cache and reads what another process may have written (see sole).
func lockFile(path string) (*os.File, error) { return nil, nil }
