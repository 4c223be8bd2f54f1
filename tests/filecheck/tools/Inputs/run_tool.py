"""Run a command and describe what it did, for FileCheck: each stdout line as `stdout: ...`,
then each stderr line as `stderr: ...`, then `exit N (stdout A lines, stderr B lines)`.

    RUN: %python %S/Inputs/run_tool.py ttnn-opt bad.mlir | filecheck %s
    CHECK:      stderr: {{.*}}bad.mlir:3:7: error: ...
    CHECK-NEXT: exit 1 (stdout 0 lines, stderr 1 lines)

Always exits 0: the checks are FileCheck's.
"""

import subprocess
import sys

completed = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=False)
out_lines = completed.stdout.splitlines()
err_lines = completed.stderr.splitlines()
for line in out_lines:
    print(f"stdout: {line}")
for line in err_lines:
    print(f"stderr: {line}")
print(f"exit {completed.returncode} (stdout {len(out_lines)} lines, stderr {len(err_lines)} lines)")
