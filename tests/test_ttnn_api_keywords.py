"""A misspelt keyword in a call of `ttnn_xdsl.ttnn`: the TypeError TT-NN raises (nanobind's
message for its bindings, Python's own for its Python functions), naming the function, the
keyword and the closest keywords the function has (a newcomer's `kernal_size=` got only
Python's "got an unexpected keyword argument")."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import ttnn_xdsl.ttnn as ttnn

BINDING = "Not accepted by ttnn_xdsl: "
"""How the last line of a binding's TypeError starts (its first lines are TT-NN's)."""

MISSPELT = {
    "assign_bw": ("are_required_output", "'are_required_outputs'"),
    "close_device": ("devices", "'device'"),
    "conv1d": ("input_lenght", "'input_length'"),
    "conv2d": ("kernal_size", "'kernel_size'"),
    "conv_transpose2d": ("output_paddings", "'output_padding'"),
    "create_sharded_memory_config": ("strategie", "'strategy'"),
    "dump_tensor": ("file", "'file_name'"),
    "from_device": ("block", "'blocking'"),
    "from_torch": ("dtyp", "'dtype'"),
    "init_device_compute_kernel_config": ("math_fidelty", "'math_fidelity'"),
    "is_tensor_storage_on_device": ("tensors", "'tensor'"),
    "layout_text": ("nam", "'name'"),
    "load_tensor": ("devise", "'device'"),
    "manage_device": ("device", "'device_id'"),
    "open_device": ("l1_smal_size", "'l1_small_size'"),
    "plot_layout": ("paht", "'path'"),
    "prepare_conv_bias": ("bias_tenser", "'bias_tensor'"),
    "prepare_conv_transpose2d_bias": ("input_layot", "'input_layout'"),
    "prepare_conv_transpose2d_weights": ("mirror_kernal", "'mirror_kernel'"),
    "prepare_conv_weights": ("weights_fromat", "'weights_format'"),
    "reshape": ("shap", "'shape'"),
    "to_device": ("memory_confg", "'memory_config'"),
    "to_layout": ("layuot", "'layout'"),
    "to_torch": ("mesh_composr", "'mesh_composer'"),
}
"""Each function of the module: a misspelling of one of its keywords, and the keywords the
error suggests (difflib's closest, best first)."""

BINDINGS = {
    "assign_bw",
    "conv1d",
    "conv2d",
    "conv_transpose2d",
    "init_device_compute_kernel_config",
    "open_device",
    "prepare_conv_bias",
    "prepare_conv_transpose2d_bias",
    "prepare_conv_transpose2d_weights",
    "prepare_conv_weights",
    "reshape",
    "to_layout",
}
"""The functions that are TT-NN bindings (nanobind functions, operations); the others are
TT-NN's Python functions."""


def test_every_function_of_the_module_is_listed() -> None:
    functions = {
        name for name in ttnn.__all__ if name[0].islower() and callable(getattr(ttnn, name))
    }
    assert functions == set(MISSPELT)


@pytest.mark.parametrize("name", sorted(MISSPELT))
def test_a_misspelt_keyword_names_the_closest(name: str) -> None:
    """The keyword is checked first: the call gives nothing else, and still names it."""
    keyword, suggested = MISSPELT[name]
    with pytest.raises(TypeError) as error:
        getattr(ttnn, name)(**{keyword: None})
    reason = f"{name}() got an unexpected keyword argument '{keyword}'; did you mean {suggested}?"
    if name in BINDINGS:
        assert str(error.value).splitlines()[-1] == BINDING + reason
    else:
        assert str(error.value) == reason


def test_a_binding_keeps_tt_nn_s_message() -> None:
    with pytest.raises(TypeError) as error:
        ttnn.prepare_conv_weights(kernal_size=[3, 3])
    lines = str(error.value).splitlines()
    assert lines[0] == (
        "prepare_conv_weights(): incompatible function arguments. The following argument "
        "types are supported:"
    )
    assert lines[-2:] == [
        "Invoked with types: kwargs = { kernal_size: list }",
        "Not accepted by ttnn_xdsl: prepare_conv_weights() got an unexpected keyword argument "
        "'kernal_size'; did you mean 'kernel_size'?",
    ]


def test_a_class_s_constructor_suggests_its_keywords() -> None:
    """Named as Python names a class's constructor; TT-NN's first line keeps `__init__()`."""
    with pytest.raises(TypeError) as error:
        ttnn.Conv2dConfig(weight_dtype=ttnn.bfloat16)
    assert str(error.value).splitlines()[0].startswith("__init__(): incompatible function")
    assert str(error.value).splitlines()[-1] == (
        "Not accepted by ttnn_xdsl: Conv2dConfig.__init__() got an unexpected keyword "
        "argument 'weight_dtype'; did you mean 'weights_dtype'?"
    )


def test_a_keyword_close_to_none_is_python_s_message() -> None:
    with pytest.raises(TypeError) as error:
        ttnn.from_torch(np.zeros((2, 2), np.float32), bogus=1)
    assert str(error.value) == "from_torch() got an unexpected keyword argument 'bogus'"
    with pytest.raises(TypeError) as error:
        ttnn.conv2d(bogus=1)
    assert str(error.value).splitlines()[-1] == (
        "Not accepted by ttnn_xdsl: conv2d() got an unexpected keyword argument 'bogus'."
    )


def test_a_checked_function_keeps_its_signature_and_calls() -> None:
    """The check leaves the function's signature (which the docs print) and its calls as
    they were: keywords it has, positional-or-keyword ones given by name."""
    assert list(inspect.signature(ttnn.from_device).parameters) == [
        "tensor",
        "blocking",
        "queue_id",
    ]
    tensor = ttnn.from_torch(
        tensor=np.arange(4, dtype=np.float32).reshape(2, 2), dtype=ttnn.bfloat16
    )
    assert tensor.dtype == ttnn.bfloat16
    np.testing.assert_array_equal(ttnn.to_torch(tensor=tensor), [[0, 1], [2, 3]])
    with pytest.raises(TypeError) as error:
        ttnn.from_torch()
    assert str(error.value) == "from_torch() missing 1 required positional argument: 'tensor'"
