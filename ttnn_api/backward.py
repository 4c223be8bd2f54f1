"""`assign_bw` with TT-NN 0.81.1's two signatures (an operation: its TypeError is the
operation's; `queue_id` / `cq_id` are accepted and select nothing), as the project's
`ttnn.assign_bw` op (semantics.md §2) built, lowered and run.

- Unary, `assign_bw(grad, input)`: TT-NN passes `grad` through, whatever it is. The op casts
  `grad` to the input's type, which is `grad` itself when both have the same type; other
  pairs, and tensors the op does not take (semantics.md §2), are not covered
  (NotImplementedError).
- Unary with `input_a_grad`, and the binary form: the gradients are copied into the
  preallocated outputs (filled in place and returned, as TT-NN does) or into new tensors
  shaped like the inputs (`memory_config` where given); a slot not required is None. These
  copy on the device, so their tensors must be on a device, as TT-NN requires."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ttnn_xdsl.dialect.assign_bw import AssignBwOp
from ttnn_xdsl.dialect.tensor_types import denote_same_tensor
from ttnn_xdsl.runtime.tensor import DeviceTensor
from ttnn_xdsl.ttnn import conversion, programs
from ttnn_xdsl.ttnn.memory import MemoryConfig
from ttnn_xdsl.ttnn.programs import Call, ir_refusals
from ttnn_xdsl.ttnn.signatures import (
    OPERATION,
    Binding,
    Overload,
    Parameter,
    accept_bool_sequence,
    accept_instance,
    accept_optional,
)
from ttnn_xdsl.ttnn.tensor import Tensor

__all__ = ["ASSIGN_BW", "assign_bw"]

_TENSOR = "ttnn._ttnn.tensor."


def _tensor(name: str) -> Parameter:
    return Parameter(name, _TENSOR + "Tensor", accept_instance(Tensor))


def _optional(name: str, annotation: str, kind: type) -> Parameter:
    return Parameter(name, annotation + " | None", accept_optional(accept_instance(kind)), None)


_MEMORY_CONFIG = _optional("memory_config", _TENSOR + "MemoryConfig", MemoryConfig)
_INPUT_A_GRAD = _optional("input_a_grad", _TENSOR + "Tensor", Tensor)
_RETURNS = f"list[{_TENSOR}Tensor | None]"

ASSIGN_BW = Binding(
    "assign_bw",
    (
        Overload(
            (_tensor("grad_tensor"), _tensor("input_tensor")),
            (_MEMORY_CONFIG, _INPUT_A_GRAD),
            _RETURNS,
        ),
        Overload(
            (_tensor("grad_tensor"), _tensor("input_tensor_a"), _tensor("input_tensor_b")),
            (
                Parameter(
                    "are_required_outputs",
                    "collections.abc.Sequence[bool]",
                    accept_bool_sequence,
                    (True, True),
                    "[True, True]",
                ),
                _MEMORY_CONFIG,
                _INPUT_A_GRAD,
                _optional("input_b_grad", _TENSOR + "Tensor", Tensor),
            ),
            _RETURNS,
        ),
    ),
    style=OPERATION,
    qualified_name="ttnn.assign_bw",
)


def assign_bw(*args: Any, **kwargs: Any) -> list[Tensor | None]:
    """TT-NN's `assign_bw(grad_tensor, input_tensor, *, memory_config=None,
    input_a_grad=None)` and `assign_bw(grad_tensor, input_tensor_a, input_tensor_b, *,
    are_required_outputs=[True, True], memory_config=None, input_a_grad=None,
    input_b_grad=None)`: the gradients of assign, a list with None for a gradient not
    required."""
    queue_id = kwargs.pop("queue_id", None)
    cq_id = kwargs.pop("cq_id", None)
    queue = cq_id if queue_id is None else queue_id
    index, values = ASSIGN_BW.bind(args, kwargs)
    grad: Tensor = values["grad_tensor"]
    if index == 0 and values["input_a_grad"] is None:
        return [_passed_through(grad, values["input_tensor"], queue)]
    unary = index == 0
    inputs: list[Tensor] = (
        [values["input_tensor"]] if unary else [values["input_tensor_a"], values["input_tensor_b"]]
    )
    required: tuple[bool, ...] = (True,) if unary else values["are_required_outputs"]
    # TT-NN ignores a preallocated output whose gradient is not required.
    preallocated: list[Tensor | None] = [
        output if wanted else None
        for output, wanted in zip(
            [values["input_a_grad"], values.get("input_b_grad")], required, strict=False
        )
    ]
    _require_device([grad, *inputs, *(t for t in preallocated if t is not None)])
    memory_config: MemoryConfig | None = values["memory_config"]
    with ir_refusals("assign_bw"):
        properties: dict[str, Any] = {
            "are_required_outputs": None if unary else required,
            "memory_config": None
            if memory_config is None
            else conversion.memory_config_attribute(memory_config, "assign_bw", "memory_config"),
            "queue_id": None if queue is None else int(queue),
        }
    named = {
        name: tensor
        for name, tensor in zip(("input_grad", "other_grad"), preallocated, strict=False)
        if tensor is not None
    }
    tensors = [grad, *inputs, *named.values()]
    results = iter(_run(_call(tensors, len(inputs) + 1, named, properties), tensors, grad))
    gradients: list[Tensor | None] = []
    for slot, wanted in enumerate(required[:2]):
        if not wanted:
            gradients.append(None)
            continue
        value = next(results)
        output = preallocated[slot]
        if output is not None:
            output._value = value  # filled in place, as TT-NN writes the preallocated tensor
            gradients.append(output)
        else:
            source = inputs[slot]
            gradients.append(
                Tensor._wrap(value, source.device(), memory_config or source.memory_config())
            )
    return gradients


def _passed_through(grad: Tensor, given: Tensor, queue: Any) -> Tensor:
    """The unary form without a preallocated output: TT-NN returns `grad` as it is (its
    memory config too). The op gives `grad` in the input's type: `grad` itself when the two
    types are one; anything else, or a tensor the op does not take, is not covered."""
    if not denote_same_tensor(_type(grad), _type(given)):
        raise NotImplementedError(
            "ttnn_xdsl.ttnn.assign_bw does not cover a unary call whose grad and input "
            f"differ ({_describe(grad)} and {_describe(given)}): TT-NN returns grad as "
            "it is, the project's op gives grad in the input's type"
        )
    properties = {"queue_id": None if queue is None else int(queue)}
    try:
        [gradient] = _run(_call([grad, given], 2, {}, properties), [grad, given], grad)
    except RuntimeError as error:
        raise NotImplementedError(
            f"ttnn_xdsl.ttnn.assign_bw does not cover this call: {error}"
        ) from None
    return Tensor._wrap(gradient, grad.device(), grad.memory_config())


def _call(
    tensors: list[Tensor], operands: int, named: dict[str, Tensor], properties: dict[str, Any]
) -> Call:
    """The IR of one call: `ttnn.assign_bw` on the first `operands` tensors, the others
    preallocated outputs (`input_grad`, `other_grad`, as `named`)."""

    def body(*arguments: SSAValue) -> list[SSAValue]:
        given = dict(zip(named, arguments[operands:], strict=True))
        return list(AssignBwOp(*arguments[:operands], **given, **properties).gradients)

    return Call(
        "assign_bw",
        tuple(_type(tensor) for tensor in tensors),
        (tuple(named), tuple(sorted(properties.items()))),
        None,
        body,
    )


def _run(call: Call, tensors: list[Tensor], grad: Tensor) -> list[DeviceTensor]:
    """Run the call on the tensors' values, with the bars of the device `grad` is on."""
    return programs.run_call(call, [tensor.value for tensor in tensors], grad.device())


def _type(tensor: Tensor) -> Any:
    return conversion.tensor_type_of(tensor.value, on_device=tensor.device() is not None)


def _describe(tensor: Tensor) -> str:
    return f"{tensor.dtype} {tensor.layout} {list(tensor.shape)}"


def _require_device(tensors: list[Tensor]) -> None:
    if any(tensor.device() is None for tensor in tensors):
        raise RuntimeError("Device Operations expect device tensors as inputs")
