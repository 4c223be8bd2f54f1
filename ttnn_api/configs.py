"""TT-NN's configuration objects for a conv: `Conv2dConfig` (also `Conv1dConfig`: in 0.81.1
the same class), `Conv2dSliceConfig` (`Op2DSliceConfig`) with its slice types,
`WormholeComputeKernelConfig` and `init_device_compute_kernel_config`, and the fused
activation `UnaryWithParam`.

Each is built as TT-NN builds it — keyword-only constructors, fields read and written as
attributes (a value of the wrong type is a TypeError, an unknown attribute an
AttributeError), no value equality — and prints as TT-NN prints it. What reaches the IR is
`conversion`'s business."""

from __future__ import annotations

from typing import Any, ClassVar

from ttnn_xdsl.conv.conv2d_config import CONV2D_CONFIG_FIELDS, ConfigField, ConfigKind
from ttnn_xdsl.ttnn.enums import (
    Arch,
    DataType,
    Layout,
    MathFidelity,
    PaddingMode,
    SliceTypeEnum,
    TensorMemoryLayout,
    ThrottleLevel,
    UnaryOpType,
    from_core_layout,
    from_core_padding_mode,
)
from ttnn_xdsl.ttnn.memory import CoreRangeSet
from ttnn_xdsl.ttnn.signatures import (
    REQUIRED,
    Binding,
    Overload,
    Parameter,
    Rejected,
    accept_bool,
    accept_float,
    accept_instance,
    accept_optional,
    accept_uint32,
    constructor,
    type_name,
)

__all__ = [
    "Conv1dConfig",
    "Conv2dConfig",
    "Conv2dDRAMSliceHeight",
    "Conv2dDRAMSliceWidth",
    "Conv2dL1Full",
    "Conv2dL1FullSliceConfig",
    "Conv2dSliceConfig",
    "Op2DSliceConfig",
    "UnaryWithParam",
    "WormholeComputeKernelConfig",
    "init_device_compute_kernel_config",
]

_TENSOR = "ttnn._ttnn.tensor."
_CORE = "ttnn._ttnn.operations.core."


class UnaryWithParam:
    """A unary operation and its parameters, fused into a conv's output
    (`Conv2dConfig.activation`); prints `UnaryWithParam(op_type=UnaryOpType::RELU)`."""

    __slots__ = ("_op_type", "_params")

    INIT = constructor(
        "UnaryWithParam",
        tuple(
            Overload(
                tuple(
                    Parameter(name, annotation, accept, positional_only=True)
                    for name, annotation, accept in parameters
                ),
                method=True,
            )
            for parameters in (
                (("arg", "ttnn._ttnn.activation.UnaryOpType", accept_instance(UnaryOpType)),),
                (
                    ("arg0", "ttnn._ttnn.activation.UnaryOpType", accept_instance(UnaryOpType)),
                    ("arg1", "float", accept_float),
                ),
                (
                    ("arg0", "ttnn._ttnn.activation.UnaryOpType", accept_instance(UnaryOpType)),
                    ("arg1", "float", accept_float),
                    ("arg2", "float", accept_float),
                ),
            )
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if len(args) == 1 and isinstance(args[0], tuple) and not kwargs:
            args = args[0]  # `UnaryWithParam((op, param))`
        _, values = self.INIT.bind(args, kwargs)
        self._op_type = values.get("arg", values.get("arg0"))
        self._params = tuple(values[name] for name in ("arg1", "arg2") if name in values)

    @property
    def op_type(self) -> Any:
        return self._op_type

    @property
    def params(self) -> list[float]:
        return list(self._params)

    def __repr__(self) -> str:
        text = f"UnaryWithParam(op_type={self._op_type.cpp()}"
        if self._params:
            text += ", params=[" + ", ".join(f"{value:g}" for value in self._params) + "]"
        return text + ")"


def _accept_activation(value: Any) -> UnaryWithParam:
    """A UnaryWithParam, or a UnaryOpType made into one (nanobind's implicit conversion)."""
    if isinstance(value, UnaryWithParam):
        return value
    if isinstance(value, UnaryOpType):
        return UnaryWithParam(value)
    raise Rejected(f"expected a UnaryWithParam, got {type_name(value)}")


class _Fields:
    """A TT-NN config struct: its fields (`FIELDS`, each a parameter of the keyword-only
    constructor), read and written as attributes with their types checked."""

    __slots__ = ("_values",)

    FIELDS: ClassVar[tuple[Parameter, ...]] = ()
    INIT: ClassVar[Binding]
    SETTERS: ClassVar[dict[str, Binding]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "FIELDS" in cls.__dict__:
            cls.INIT = constructor(cls.__name__, (Overload(keyword=cls.FIELDS, method=True),))
            # nanobind's property setters: `(self, arg: T, /) -> None`, no name.
            cls.SETTERS = {
                field.name: Binding(
                    "",
                    (
                        Overload(
                            (
                                Parameter(
                                    "arg", field.annotation, field.accept, positional_only=True
                                ),
                            ),
                            method=True,
                        ),
                    ),
                )
                for field in cls.FIELDS
            }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _, bound = self.INIT.bind(args, kwargs)
        defaults = {
            field.name: field.default for field in self.FIELDS if field.default is not REQUIRED
        }
        object.__setattr__(self, "_values", defaults | bound)

    def __getattr__(self, name: str) -> Any:
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"'{type_name(self)}' object has no attribute '{name}'")

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_values":  # copy.copy / copy.deepcopy restore the fields this way
            object.__setattr__(self, name, value)
            return
        setter = self.SETTERS.get(name)
        if setter is None:
            raise AttributeError(f"'{type_name(self)}' object has no attribute '{name}'")
        _, bound = setter.bind((value,), {})
        self._values[name] = bound["arg"]

    def __dir__(self) -> list[str]:
        return [*super().__dir__(), *self._values]


def _cpp(value: Any) -> str:
    """A field's value as TT-NN's C++ reprs print it."""
    if value is None:
        return "std::nullopt"
    if isinstance(value, bool):
        return str(int(value))
    if hasattr(value, "cpp"):
        return value.cpp()
    return repr(value)


def _optional(annotation: str, accept: Any, default: Any) -> tuple[str, Any]:
    """A field whose default is None also takes None."""
    if default is None:
        return f"{annotation} | None", accept_optional(accept)
    return annotation, accept


_SPELLINGS: dict[ConfigKind, tuple[str, Any, Any]] = {
    ConfigKind.FLAG: ("bool", accept_bool, lambda value: value),
    ConfigKind.COUNT: ("int", accept_uint32, lambda value: value),
    ConfigKind.DATA_TYPE: (_TENSOR + "DataType", accept_instance(DataType), None),
    ConfigKind.MEMORY_LAYOUT: (
        _TENSOR + "TensorMemoryLayout",
        accept_instance(TensorMemoryLayout),
        None,
    ),
    ConfigKind.LAYOUT: (_TENSOR + "Layout", accept_instance(Layout), from_core_layout),
    ConfigKind.PADDING_MODE: (
        "ttnn._ttnn.operations.conv.PaddingMode",
        accept_instance(PaddingMode),
        from_core_padding_mode,
    ),
    ConfigKind.ACTIVATION: ("ttnn._ttnn.activation.UnaryWithParam", _accept_activation, None),
    ConfigKind.CORE_GRID: (_TENSOR + "CoreRangeSet", accept_instance(CoreRangeSet), None),
}
"""Each kind of Conv2dConfig field as TT-NN's Python takes it: its annotation, how a value is
accepted, and its default from the declaration's (None when every default of the kind is
None)."""


def _parameter(declared: ConfigField) -> Parameter:
    """A Conv2dConfig constructor keyword from the field's declaration."""
    annotation, accept, default_of = _SPELLINGS[declared.kind]
    annotation, accept = _optional(annotation, accept, declared.default)
    default = None if declared.default is None else default_of(declared.default)
    return Parameter(declared.name, annotation, accept, default)


class Conv2dConfig(_Fields):
    """TT-NN's Conv2dConfig: its fields are those of the one declaration
    (`conv.conv2d_config.CONV2D_CONFIG_FIELDS`) TT-NN 0.81.1 has, in its order, with its
    defaults (semantics.md §3.1, §6 and §8 say what each does). `Conv1dConfig` is this class."""

    __slots__ = ()

    FIELDS = tuple(_parameter(declared) for declared in CONV2D_CONFIG_FIELDS if declared.in_ttnn)

    def __repr__(self) -> str:
        fields = ",".join(f"{field.name}={_cpp(self._values[field.name])}" for field in self.FIELDS)
        return f"Conv2dConfig({fields})"


Conv1dConfig = Conv2dConfig
"""TT-NN 0.81.1 has no conv1d config of its own: `ttnn.Conv1dConfig is ttnn.Conv2dConfig`."""


class Op2DSliceConfig(_Fields):
    """TT-NN's Conv2dSliceConfig: run the conv in `num_slices` slices of its output height
    or width from DRAM, or whole in L1 (`num_slices` 0: TT-NN chooses)."""

    __slots__ = ()

    SliceTypeEnum = SliceTypeEnum

    FIELDS = (
        Parameter(
            "slice_type",
            "ttnn._ttnn.operations.sliding_window.Op2DSliceConfig.SliceTypeEnum",
            accept_instance(SliceTypeEnum),
        ),
        Parameter("num_slices", "int", accept_uint32, 0),
    )

    def __repr__(self) -> str:
        return (
            f"Op2DSliceConfig(slice_type={self._values['slice_type'].cpp()},"
            f"num_slices={self._values['num_slices']})"
        )


# TT-NN lists two constructors: with num_slices, and without it (then 0).
Op2DSliceConfig.INIT = constructor(
    "Op2DSliceConfig",
    (
        Overload(
            keyword=(
                Op2DSliceConfig.FIELDS[0],
                Parameter("num_slices", "int", accept_uint32),
            ),
            method=True,
        ),
        Overload(keyword=Op2DSliceConfig.FIELDS[:1], method=True),
    ),
)

Conv2dSliceConfig = Op2DSliceConfig
Conv2dDRAMSliceHeight = SliceTypeEnum.DRAMSliceHeight
Conv2dDRAMSliceWidth = SliceTypeEnum.DRAMSliceWidth
Conv2dL1Full = SliceTypeEnum.L1Full
Conv2dL1FullSliceConfig = Op2DSliceConfig(slice_type=SliceTypeEnum.L1Full)


_COMPUTE_FIELDS = (
    Parameter(
        "math_fidelity",
        _TENSOR + "MathFidelity",
        accept_instance(MathFidelity),
        MathFidelity.Invalid,
    ),
    Parameter("math_approx_mode", "bool", accept_bool, True),
    Parameter("fp32_dest_acc_en", "bool", accept_bool, False),
    Parameter("packer_l1_acc", "bool", accept_bool, False),
    Parameter("dst_full_sync_en", "bool", accept_bool, False),
    Parameter(
        "throttle_level",
        _CORE + "ThrottleLevel",
        accept_instance(ThrottleLevel),
        ThrottleLevel.NO_THROTTLE,
    ),
)


class WormholeComputeKernelConfig(_Fields):
    """The compute kernel config of Wormhole and Blackhole devices (TT-NN has no separate
    Blackhole class). It has no repr of its own and no value equality, as in TT-NN."""

    __slots__ = ()

    FIELDS = _COMPUTE_FIELDS

    def __repr__(self) -> str:
        return object.__repr__(self)


_INIT_COMPUTE_CONFIG = Binding(
    "init_device_compute_kernel_config",
    (
        Overload(
            (
                Parameter("arch", "ttnn._ttnn.device.Arch", accept_instance(Arch)),
                Parameter(
                    "device_kernel_config",
                    _CORE + "WormholeComputeKernelConfig | None",
                    accept_optional(accept_instance(WormholeComputeKernelConfig)),
                    None,
                ),
            ),
            (
                Parameter(
                    "math_fidelity",
                    _TENSOR + "MathFidelity",
                    accept_instance(MathFidelity),
                    MathFidelity.LoFi,
                ),
                *_COMPUTE_FIELDS[1:],
            ),
            returns=_CORE + "WormholeComputeKernelConfig",
        ),
    ),
)


def init_device_compute_kernel_config(*args: Any, **kwargs: Any) -> WormholeComputeKernelConfig:
    """TT-NN's `init_device_compute_kernel_config(arch, device_kernel_config=None, *,
    math_fidelity=MathFidelity.LoFi, math_approx_mode=True, fp32_dest_acc_en=False,
    packer_l1_acc=False, dst_full_sync_en=False, throttle_level=ThrottleLevel.NO_THROTTLE)`:
    a copy of `device_kernel_config` when given, else a config of the keyword values — the
    same on Wormhole and Blackhole."""
    _, values = _INIT_COMPUTE_CONFIG.bind(args, kwargs)
    given: WormholeComputeKernelConfig | None = values.pop("device_kernel_config")
    values.pop("arch")
    if given is not None:
        values = {field.name: getattr(given, field.name) for field in _COMPUTE_FIELDS}
    return WormholeComputeKernelConfig(**values)
