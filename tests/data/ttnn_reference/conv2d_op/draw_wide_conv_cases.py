"""Wider conv2d cases for TT-NN's own conv2d (query_conv.py): the reference kit's draw
(query_prepare.py's `draw`) widened with odd channel counts, big kernels and strides, and every
conv2d-only field: the output dtype, the output layout, the input's shape form (flat or NHWC),
explicit slice configs, the double buffers, config tensors in DRAM, a smaller L1 small size.

    python draw_wide_conv_cases.py KIT SEED N DEVICE > cases.json
        (KIT: the reference kit's query_prepare.py; DEVICE: wormhole_N150 | blackhole_P150)

Standalone: it imports nothing of this project. It loads the reference kit's `query_prepare.py`
by the path given (its `draw` makes the base case, which this script widens), so the draws are
the kit's for the same seed. The answers: the kit's `query_conv.py run cases.json OUT --jobs 1`
(a fresh device per case), then `strip_answers.py OUT`.
"""

import random

from kit_draws import print_cases


def widen(rng: random.Random, case: dict) -> dict:
    c = dict(case)
    cfg = dict(c["conv_config"])
    if rng.random() < 0.25 and c["groups"] == 1 and "input_shard" not in c:
        c["in_channels"] = c["I"] = rng.choice([2, 5, 7, 13, 33, 65, 100, 129, 250])
    if rng.random() < 0.2 and c["groups"] == 1:
        c["O"] = rng.choice([3, 10, 33, 100, 255, 257, 1000])
    if rng.random() < 0.12 and c["H"] > 1 and "input_shard" not in c:
        k = rng.choice([5, 7, 9, 11])
        c["kernel"] = [k, k]
        c["stride"] = rng.choice([[1, 1], [2, 2], [4, 4], [k, k]])
        c["H"] = c["W"] = max(c["H"], 2 * k)
    if rng.random() < 0.35:
        c["dtype"] = rng.choice(["bfloat16", "float32", "bfloat8_b"])
    if rng.random() < 0.2:
        cfg["output_layout"] = "ROW_MAJOR"
    if rng.random() < 0.25 and "input_shard" not in c:
        c["input_shape"] = "nhwc"
    if rng.random() < 0.12 and "input_shard" not in c and c["mem"] == "DRAM":
        c["slice_config"] = {
            "type": rng.choice(["DRAMSliceHeight", "DRAMSliceWidth", "L1Full"]),
            "num_slices": rng.choice([0, 1, 2, 4]),
        }
    buffers = ("enable_act_double_buffer", "enable_weights_double_buffer", "config_tensors_in_dram")
    for name in buffers:
        if rng.random() < 0.15:
            cfg[name] = True
    if rng.random() < 0.1:
        c["l1_small_size"] = rng.choice([0, 8192, 32768])
    c["conv_config"] = cfg
    c["id"] = "w" + c["id"][1:]
    return c


if __name__ == "__main__":
    print_cases(widen)
