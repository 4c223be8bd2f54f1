"""TT-NN's C++ integer types that IR fields mirror (a uint32_t of Conv2dConfig, of
Conv2dSliceConfig): the values each holds and how a message names it. A field whose C++ type
is declared here is refused outside its range wherever its value is read (the IR's parser and
verifier, TT-NN's Python API), since TT-NN's binding raises TypeError for such a value. No IR
here."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["UINT32", "CppIntegerType"]


@dataclass(frozen=True)
class CppIntegerType:
    """A C++ integer type: its name in messages and the values it holds."""

    name: str
    values: range

    def description(self) -> str:
        """How a message says what a value of this type is: `an unsigned 32-bit integer (0 to
        4294967295)`."""
        return f"{self.name} ({self.values.start} to {self.values.stop - 1})"


UINT32 = CppIntegerType("an unsigned 32-bit integer", range(0, 2**32))
"""C++ `uint32_t`."""
