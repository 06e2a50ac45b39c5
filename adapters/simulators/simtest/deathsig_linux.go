package simtest

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the simulator die with the test binary (a test
// killed by its timeout leaves no simulator behind).
func dieWithParent(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} }
