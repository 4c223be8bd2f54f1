"""The names tt-mlir gives its TTNN operations, attributes and types (tt-mlir at commit
19c86fca, November 2026: `TTNNOps.td`, `TTNNOpsAttrs.td`, `TTNNOpsTypes.td`).

`dialect/context.py` lets exactly these names through as unregistered constructs when the
project does not model them, so a tt-mlir file parses without extra flags while a
misspelled op of the project's own (`ttnn.prepare_conv_weight`) is still an unknown op. A
name tt-mlir adds later is reported as unknown until it is added here.
"""

from __future__ import annotations

__all__ = ["TT_MLIR_TTNN_ATTRIBUTES", "TT_MLIR_TTNN_OPS", "TT_MLIR_TTNN_TYPES"]

TT_MLIR_TTNN_OPS: frozenset[str] = frozenset(
    (
        "abs", "acos", "adamw", "add", "aggregate_tensor", "all_gather", "all_reduce",
        "all_reduce_async", "all_to_all_combine", "all_to_all_dispatch",
        "all_to_all_dispatch_metadata", "alloc", "allocate_moe_compute_semaphore", "arange",
        "argmax", "asin", "asinh", "assign", "atan", "atan2", "avg_pool2d",
        "batch_norm_inference", "batch_norm_training", "begin_trace_capture",
        "bitcast_convert", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor",
        "capture_or_execute_trace", "cbrt", "ceil", "chunked_scaled_dot_product_attention",
        "clamp_scalar", "clamp_tensor", "concat", "concatenate_heads", "constant", "conv1d",
        "conv2d", "conv3d", "conv_transpose2d", "copy", "cos", "create_global_semaphore",
        "cumprod", "cumsum", "d2m_subgraph", "deallocate", "dequantize",
        "distribute_tensor", "distributed_layer_norm", "distributed_rms_norm",
        "dit_rms_norm_unary_fused", "divide", "dropout", "dump_tensor", "embedding",
        "embedding_bw", "empty", "end_trace_capture", "eq", "erf", "erfc", "execute_trace",
        "exp", "expm1", "fill_cache", "flash_mla_prefill", "floor", "from_device", "full",
        "gather", "ge", "gelu", "gelu_bw", "generic", "get_device", "global_avg_pool2d",
        "group_norm", "gt", "hardsigmoid", "indexer_score_dsa", "isfinite", "layer_norm",
        "layer_norm_post_all_gather", "layer_norm_pre_all_gather", "le", "leaky_relu",
        "linear", "load_tensor", "log", "log1p", "logical_and", "logical_left_shift",
        "logical_not", "logical_or", "logical_right_shift", "logical_xor", "lt", "matmul",
        "max", "max_pool2d", "max_pool2d_with_indices", "maximum", "mean", "mesh_partition",
        "min", "minimum", "mish", "moe_compute", "moe_expert_token_remap", "moe_gpt",
        "multiply", "ne", "neg", "nlp_concat_heads", "nlp_concat_heads_decode",
        "nlp_create_qkv_heads_decode", "ones", "pad", "paged_fill_cache",
        "paged_flash_multi_latent_attention_decode",
        "paged_scaled_dot_product_attention_decode", "paged_update_cache", "permute",
        "point_to_point", "pow_scalar", "pow_tensor", "prepare_conv2d_bias",
        "prepare_conv2d_weights", "prepare_conv3d_weights", "prepare_conv_transpose2d_bias",
        "prepare_conv_transpose2d_weights", "prepare_moe_compute_w0_w1_weights",
        "prepare_moe_compute_w2_weights", "prod", "quantize", "rand", "reciprocal",
        "reduce_scatter", "relu", "relu6", "remainder", "repeat", "repeat_interleave",
        "requantize", "reset_global_semaphore", "reshape", "rms_norm",
        "rms_norm_pre_all_gather", "rotary_embedding", "rotary_embedding_llama", "rsqrt",
        "sampling", "scaled_dot_product_attention", "scaled_dot_product_attention_decode",
        "scatter", "sdpa_bw", "sdpa_fw", "selective_reduce_combine", "sigmoid", "sign",
        "silu", "sin", "slice_dynamic", "slice_static", "softmax", "sort", "sparse_matmul",
        "split_query_key_value_and_split_heads", "sqrt", "subtract", "sum", "tan", "tanh",
        "to_device", "to_layout", "to_memory_config", "to_tensor_spec", "topk",
        "topk_router_gpt", "transpose", "tt_lang_op", "typecast", "update_cache",
        "upsample", "where", "write_tensor", "zeros"
    )
)
"""tt-mlir's TTNN op names, without the `ttnn.` prefix."""

TT_MLIR_TTNN_ATTRIBUTES: frozenset[str] = frozenset(
    (
        "buffer_type", "compute_kernel", "conv2d_config", "conv2d_slice_config",
        "conv3d_config", "core_coord", "core_range", "core_range_set", "core_runtime_args",
        "data_movement_kernel", "device_compute_kernel_config",
        "kernel_arg_address_of_tensor", "kernel_arg_cb_buffer_index",
        "kernel_arg_global_semaphore", "kernel_arg_scalar", "kernel_arg_semaphore_at",
        "kernel_arg_tensor_accessor_args", "kernel_cb", "kernel_cb_format",
        "kernel_cb_global_buffer_address_of_tensor", "kernel_named_arg", "kernel_semaphore",
        "layernorm_sharded_multicore_program_config", "layout",
        "matmul_multi_core_reuse_multi_cast_1d_program_config",
        "matmul_multi_core_reuse_multi_cast_dram_sharded_program_config",
        "matmul_multi_core_reuse_multi_cast_program_config",
        "matmul_multi_core_reuse_program_config", "memory_config", "mesh_composer_config",
        "mesh_mapper_config", "mesh_offset", "mesh_program", "mesh_program_descriptor",
        "mesh_range", "mesh_shape", "nd_shard_spec", "placement", "program", "read_kernel",
        "sdpa_program_config", "shape", "shard_distribution_strategy", "shard_orientation",
        "shard_spec", "source_compute_kernel", "source_read_kernel", "source_write_kernel",
        "tensor_memory_layout", "trace_id", "ttnn_layout", "ttnn_nd_layout",
        "unary_with_param", "write_kernel"
    )
)
"""tt-mlir's TTNN attribute mnemonics (`#ttnn.NAME<…>` or `#ttnn<NAME …>`)."""

TT_MLIR_TTNN_TYPES: frozenset[str] = frozenset(("device", "global_semaphore",))
"""tt-mlir's TTNN type mnemonics (`!ttnn.NAME`)."""
