"""TT-NN 0.81.1's Conv2dConfig, declared once: the record the resolution reads
(`Conv2dConfig`), each of whose fields carries what every entry needs to know about it
(`ConfigField`: its kind, default, TT-NN's Python name, tt-mlir's name, what reads it).

The `#ttnn.conv2d_config` attribute (its fields, their parse and print, the record it gives),
the Python API's `Conv2dConfig` / `Conv1dConfig` (their constructor keywords and defaults) and
the tt-mlir import/export derive from `CONV2D_CONFIG_FIELDS`; adding a field of TT-NN's
Conv2dConfig is one line in `Conv2dConfig` below. No IR here."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from ttnn_xdsl.core.enums import DataType, Layout, PaddingMode, TensorMemoryLayout
from ttnn_xdsl.core.integer_types import UINT32, CppIntegerType

__all__ = [
    "CONV2D_CONFIG_FIELDS",
    "COUNT_TYPE",
    "ConfigField",
    "ConfigKind",
    "ConfigReader",
    "Conv2dConfig",
    "CoreRanges",
    "FusedActivation",
]


class ConfigKind(StrEnum):
    """What a field holds; each entry maps a kind to its own spelling (an attribute kind, a
    TT-NN Python type)."""

    FLAG = "flag"
    """A bool (or None, "automatic", when the default is None)."""
    COUNT = "count"
    """A non-negative int, of TT-NN's C++ type `COUNT_TYPE`."""
    DATA_TYPE = "data_type"
    MEMORY_LAYOUT = "memory_layout"
    LAYOUT = "layout"
    PADDING_MODE = "padding_mode"
    ACTIVATION = "activation"
    """A `FusedActivation`."""
    CORE_GRID = "core_grid"
    """`CoreRanges`."""


COUNT_TYPE: CppIntegerType = UINT32
"""TT-NN's C++ type of every COUNT field (`uint32_t act_block_h_override`, `act_block_w_div`):
the IR and the Python API refuse a value it cannot hold."""


class ConfigReader(StrEnum):
    """What in TT-NN 0.81.1 reads a field when it prepares a conv's weights."""

    PREPARATION = "preparation"
    """The preparation's own decisions (semantics.md §3.3, §6)."""
    L1_ESTIMATE = "l1_estimate"
    """Only TT-NN's L1 estimate (semantics.md §8: its auto-shard and slice choices)."""
    CONV_ONLY = "conv_only"
    """Nothing the preparation does: kept and printed, it steers TT-NN's conv op only."""


@dataclass(frozen=True)
class FusedActivation:
    """A unary op fused into the conv's output (TT-NN's UnaryWithParam): its op type as
    tt-mlir spells it (`relu`) and its parameters."""

    op_type: str
    params: tuple[float, ...] = ()


CoreRanges = tuple[tuple[tuple[int, int], tuple[int, int]], ...]
"""A set of core ranges, each ((start x, start y), (end x, end y)), ends included."""


@dataclass(frozen=True)
class ConfigField:
    """One field of TT-NN's Conv2dConfig: its name (TT-NN's Python keyword and the IR's key),
    its kind, its default (also the value of an absent IR field), tt-mlir's name for it (None:
    tt-mlir's `#ttnn.conv2d_config` has no such field), whether TT-NN's Conv2dConfig has it
    (False: a field only tt-mlir writes), and what reads it."""

    name: str
    kind: ConfigKind
    default: Any
    reads: ConfigReader
    tt_mlir_name: str | None
    in_ttnn: bool = True


def declare(
    kind: ConfigKind, reads: ConfigReader, *, tt_mlir: bool = True, in_ttnn: bool = True
) -> dict[str, object]:
    """The metadata of a `Conv2dConfig` field: the rest of its declaration (`ConfigField`)."""
    return {"declaration": (kind, reads, tt_mlir, in_ttnn)}


PREPARATION = ConfigReader.PREPARATION
L1_ESTIMATE = ConfigReader.L1_ESTIMATE
CONV_ONLY = ConfigReader.CONV_ONLY
FLAG = ConfigKind.FLAG


@dataclass(frozen=True)
class Conv2dConfig:
    """TT-NN 0.81.1's Conv2dConfig, field by field in TT-NN's order (then what only tt-mlir
    writes), as the resolution reads it: each field's default is TT-NN's.

    What each field does (semantics.md §3.1, §6, §8): `weights_dtype` None is the weight's own
    dtype, `shard_layout` None lets TT-NN choose (§3.3 step 5), `enable_kernel_stride_folding`
    and `force_split_reader` None are automatic; `reshard_if_not_optimal` decides where an input
    already sharded takes its core split from (§3.3a); `output_layout`, the double buffers,
    `config_tensors_in_dram` and `force_split_reader` size the buffers of TT-NN's L1 estimate;
    `override_output_sharding_config` makes the preparation take a BLOCK conv's output cores
    from `core_grid` (`conv_op_config.output_compute_grid`); `override_sharding_config` makes
    TT-NN's conv2d (not its preparation) shard the input on `core_grid` (`conv_core_grid`).
    `padding_mode` (TT-NN 0.81.1 accepts Zeros and Replicate and prepares the same weights with
    either) and the other CONV_ONLY fields steer the conv only."""

    weights_dtype: DataType | None = field(
        default=None, metadata=declare(ConfigKind.DATA_TYPE, PREPARATION)
    )
    activation: FusedActivation | None = field(
        default=None, metadata=declare(ConfigKind.ACTIVATION, CONV_ONLY)
    )
    deallocate_activation: bool = field(default=False, metadata=declare(FLAG, CONV_ONLY))
    reallocate_halo_output: bool = field(default=True, metadata=declare(FLAG, CONV_ONLY))
    config_tensors_in_dram: bool = field(default=False, metadata=declare(FLAG, L1_ESTIMATE))
    act_block_h_override: int = field(default=0, metadata=declare(ConfigKind.COUNT, PREPARATION))
    act_block_w_div: int = field(default=1, metadata=declare(ConfigKind.COUNT, PREPARATION))
    reshard_if_not_optimal: bool = field(default=False, metadata=declare(FLAG, PREPARATION))
    override_sharding_config: bool = field(default=False, metadata=declare(FLAG, CONV_ONLY))
    shard_layout: TensorMemoryLayout | None = field(
        default=None, metadata=declare(ConfigKind.MEMORY_LAYOUT, PREPARATION)
    )
    core_grid: CoreRanges | None = field(
        default=None, metadata=declare(ConfigKind.CORE_GRID, CONV_ONLY)
    )
    transpose_shards: bool = field(default=False, metadata=declare(FLAG, PREPARATION))
    output_layout: Layout = field(
        default=Layout.TILE, metadata=declare(ConfigKind.LAYOUT, L1_ESTIMATE)
    )
    enable_act_double_buffer: bool = field(default=False, metadata=declare(FLAG, L1_ESTIMATE))
    enable_weights_double_buffer: bool = field(default=False, metadata=declare(FLAG, L1_ESTIMATE))
    full_inner_dim: bool = field(default=False, metadata=declare(FLAG, PREPARATION, tt_mlir=False))
    enable_kernel_stride_folding: bool | None = field(
        default=None, metadata=declare(FLAG, PREPARATION)
    )
    enable_activation_reuse: bool = field(
        default=False, metadata=declare(FLAG, PREPARATION, tt_mlir=False)
    )
    force_split_reader: bool | None = field(
        default=None, metadata=declare(FLAG, L1_ESTIMATE, tt_mlir=False)
    )
    override_output_sharding_config: bool = field(
        default=False, metadata=declare(FLAG, PREPARATION, tt_mlir=False)
    )
    padding_mode: PaddingMode = field(
        default=PaddingMode.ZEROS,
        metadata=declare(ConfigKind.PADDING_MODE, CONV_ONLY, tt_mlir=False),
    )
    in_place: bool = field(default=False, metadata=declare(FLAG, CONV_ONLY, in_ttnn=False))
    """The halo's in-place flag: in tt-mlir's output of late 2025, not in TT-NN 0.81.1."""

    def non_default_fields(self) -> dict[str, Any]:
        """The fields whose value is not the default, by name, in declaration order."""
        return {
            declared.name: getattr(self, declared.name)
            for declared in CONV2D_CONFIG_FIELDS
            if getattr(self, declared.name) != declared.default
        }


def _field_record(declared: Any) -> ConfigField:
    kind, reads, tt_mlir, in_ttnn = declared.metadata["declaration"]
    return ConfigField(
        declared.name,
        kind,
        declared.default,
        reads,
        declared.name if tt_mlir else None,
        in_ttnn,
    )


CONV2D_CONFIG_FIELDS: tuple[ConfigField, ...] = tuple(
    _field_record(declared) for declared in fields(Conv2dConfig)
)
"""Every field of `Conv2dConfig`, in its order: the one list every entry derives from."""
