//go:build !unix

package kit

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
