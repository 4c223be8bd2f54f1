"""The resolution of `ttnn.prepare_conv_weights` / `prepare_conv_bias`
(semantics.md §3.3–3.5): from the conv's parameters to every fact the decomposition
needs, one step after another in the order TT-NN decides them, each step in its own home:

1. the conv's form — weights dtype, matmul conv, kernel-stride folding, 1D depthwise, the
   DRAM path (`conv_form`);
2. where TT-NN decides by itself with its L1 model — DRAM slicing or auto sharding, and their
   refusals (`conv_l1_decisions`, with `conv_slicing` and `conv_l1_model`);
3. the input's shard layout, channel alignment and core split (`conv_sharding`);
4. TT-NN's block config, the weight's expansion, its block sizes, padding and layout, and the
   bias's shape (`conv_weight_layout`).

`resolve_conv_weights` runs them and gathers their answers in a `ConvWeightsPlan`, one
sub-record per step. Plain Python, no IR: the prepare ops' verifiers infer their result types
with it and `ttnn-decompose` emits one layout op per step from the plan. `resolve_conv_weights`
is cached by its (immutable) parameters, so verifying and decomposing an op resolve it once.

Where the semantics leave a detail open, the choice follows TT-NN's source (conv2d_utils.cpp,
prepare_conv2d_weights.cpp); docs/conv-vs-tt-metal.md records each one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ttnn_xdsl.conv.conv_form import (
    ConvForm,
    prepared_depthwise_1d,
    resolve_conv_form,
    resolve_weights_dtype,
)
from ttnn_xdsl.conv.conv_l1_decisions import (
    L1Decisions,
    check_path_refusals,
    l1_knobs,
    resolve_l1_decisions,
)
from ttnn_xdsl.conv.conv_parameters import (
    INT32_MAX,
    Conv2dParameters,
    normalize_parameters,
    validate_parameters,
)
from ttnn_xdsl.conv.conv_sharding import ShardDecision, resolve_sharding
from ttnn_xdsl.conv.conv_weight_layout import (
    BiasLayout,
    BlockSizes,
    WeightExpansion,
    WeightLayout,
    is_interleaved_mm,
    resolve_bias_layout,
    resolve_block_config,
    resolve_blocking,
    resolve_expansion,
    resolve_weight_layout,
)
from ttnn_xdsl.core.enums import DataType
from ttnn_xdsl.core.errors import ConvConfigError, ConvNotModelledError


@dataclass(frozen=True)
class ConvWeightsPlan:
    """Every fact of semantics.md §3.3–3.5 for one conv, grouped by the step that decides it.

    Weight pipeline: OIHW `params.weight` → grouped expansion (`expansion.groups_expand`) or 1D
    depthwise expansion (`expansion.depthwise_act_block_h_ntiles`) → kernel-stride fold
    (`form.fold_stride`) → `expansion.expanded_weight_shape` → zero-pad to
    `layout.padded_weight_shape` → the `layout.kind` helper → `layout.physical_shape`, cast to
    `weights_dtype`."""

    params: Conv2dParameters
    """The parameters as given."""
    weights_dtype: DataType
    """Step 1: dtype of the prepared weight and bias."""
    form: ConvForm
    """Steps 2–3: matmul conv, folding, 1D depthwise, the DRAM path."""
    l1: L1Decisions
    """TT-NN's L1-model decisions for this conv (auto shard, DRAM slicing) with the L1
    estimates behind them (semantics.md §8; `conv_l1_report` says them)."""
    sharding: ShardDecision
    """Steps 4–7: shard layout, channel alignment, orientation, core split."""
    blocking: BlockSizes
    """TT-NN's block config and the weight's block sizes (§3.5, step 9)."""
    expansion: WeightExpansion
    """The grouped or 1D depthwise expansion and the fold of the weight."""
    layout: WeightLayout
    """Steps 8, 10, 11: padding, layout helper, the prepared matrix."""
    bias: BiasLayout
    """§3.4: the prepared bias's shapes."""


@lru_cache(maxsize=512)
def resolve_conv_weights(params: Conv2dParameters) -> ConvWeightsPlan:
    """semantics.md §3.3 steps 1–11 with §3.4 and §3.5: the whole preparation of one conv's weight
    and bias. Raises `ConvConfigError` for any invalid parameter or combination."""
    params = normalize_parameters(params)
    weights_dtype = resolve_weights_dtype(params)
    form, l1, sharding, output_size = resolve_conv_sharding(params)
    knobs = l1.knobs
    block_config = resolve_block_config(params, form, sharding, output_size, knobs)
    expansion = resolve_expansion(params, form, block_config.act_block_h_ntiles)
    interleaved = is_interleaved_mm(params, form, sharding)
    blocking = resolve_blocking(
        form, sharding, block_config, expansion, output_size, interleaved, knobs
    )
    layout = resolve_weight_layout(params, form, sharding, expansion, blocking, interleaved)
    plan = ConvWeightsPlan(
        params=params,
        weights_dtype=weights_dtype,
        form=form,
        l1=l1,
        sharding=sharding,
        blocking=blocking,
        expansion=expansion,
        layout=layout,
        bias=resolve_bias_layout(params, layout, blocking),
    )
    _check_i32_sizes(plan)
    return plan


def resolve_conv_sharding(
    params: Conv2dParameters,
) -> tuple[ConvForm, L1Decisions, ShardDecision, tuple[int, int]]:
    """semantics.md §3.3 steps 1–7 for normalized parameters (`normalize_parameters`): the
    conv's form, TT-NN's L1 decisions, the sharding and the output its weights are prepared
    for (the first slice's on the DRAM path) — what comes before the block config. Raises
    `ConvConfigError` as `resolve_conv_weights` does."""
    validate_parameters(params)
    weights_dtype = resolve_weights_dtype(params)
    form = resolve_conv_form(params)
    check_path_refusals(params, form)
    knobs = l1_knobs(params, params.planned_weights_dtype or weights_dtype)
    l1 = resolve_l1_decisions(params, form, weights_dtype, knobs)
    # On the DRAM path the weights are prepared for the first slice of the output.
    output_size = form.output_size if l1.slice_output_size is None else l1.slice_output_size
    # The weight's 1D depthwise expansion is decided on the conv TT-NN prepares: on the DRAM
    # path with height slices, the first slice's.
    form = replace(form, depthwise_1d=prepared_depthwise_1d(params, form, l1.slicing, output_size))
    return form, l1, resolve_sharding(params, form, l1, output_size), output_size


def check_bias_weights_dtype(params: Conv2dParameters) -> None:
    """TT-NN 0.81.1's `prepare_conv_bias` has no weight to take the weights dtype from and
    reads `conv_config.weights_dtype` unconditionally: without it, it fails."""
    if params.conv_config.weights_dtype is None:
        raise ConvConfigError(
            "prepare_conv_bias needs conv_config.weights_dtype: TT-NN 0.81.1's "
            "prepare_conv_bias reads it unconditionally (it has no weight to take the dtype "
            'from) and fails without it (TT-NN: "bad optional access")'
        )


def resolve_conv_bias(params: Conv2dParameters) -> ConvWeightsPlan:
    """The preparation of a conv's bias (semantics.md §3.4): TT-NN 0.81.1's `prepare_conv_bias`
    needs `conv_config.weights_dtype` and does not pass its slice config on, then resolves the
    conv as its weight's preparation does (the bias is padded from that plan)."""
    check_bias_weights_dtype(params)
    return resolve_conv_weights(replace(params, slice_config=None))


def _check_i32_sizes(plan: ConvWeightsPlan) -> None:
    """Refuse a conv whose plan holds a count the decomposition writes as an i32 property or
    fact (or a prepared matrix extent) beyond i32: the IR could not record it. Raises
    ConvNotModelledError naming the count."""
    sharding, blocking, layout = plan.sharding, plan.blocking, plan.layout
    sizes = (
        ("input_channels_alignment", sharding.input_channels_alignment),
        ("input_cores_channels", sharding.input_cores_channels),
        ("output_cores_channels", sharding.output_cores_channels),
        ("nhw_cores", sharding.nhw_cores),
        ("act_block_h_ntiles", blocking.act_block_h_ntiles),
        ("depthwise_act_block_h_ntiles", plan.expansion.depthwise_act_block_h_ntiles),
        ("padded_in_channels", layout.padded_in_channels),
        ("padded_out_channels", layout.padded_out_channels),
        ("act_block_w", blocking.act_block_w),
        ("weight_block_h_ntiles", blocking.weight_block_h_ntiles),
        ("weight_block_w_ntiles", blocking.weight_block_w_ntiles),
        ("prepared weight's rows", layout.physical_shape[2]),
        ("prepared weight's columns", layout.physical_shape[3]),
    )
    for name, value in sizes:
        if value is not None and value > INT32_MAX:
            raise ConvNotModelledError(
                f"the conv is too large for the IR's i32 sizes: its {name} would be {value} "
                f"> {INT32_MAX}"
            )
