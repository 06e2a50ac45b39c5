//go:build !linux

package simtest

import "os/exec"

// dieWithParent: elsewhere the test's cleanup alone stops the simulator.
func dieWithParent(*exec.Cmd) {}
