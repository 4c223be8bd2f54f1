"""conv2d cases with a ROW_MAJOR output (`conv_config.output_layout`) for TT-NN's own conv2d
(query_conv.py): the reference kit's draw (query_prepare.py's `draw`) with the output asked
row-major in bfloat16 or float32 (TT-NN refuses a row-major bfloat8_b output), the shard
layout spread over HEIGHT, BLOCK, WIDTH and TT-NN's own choice, a third of the inputs in DRAM
(some with an L1Full slice config), odd output channel counts and odd image sizes (N·OH·OW
rarely a multiple of 32), images kept small enough for TT-NN's L1.

    python draw_row_major_cases.py KIT SEED N DEVICE > cases.json
        (KIT: the reference kit's query_prepare.py; DEVICE: wormhole_N150 | blackhole_P150)

Standalone: it imports nothing of this project. The answers: the kit's
`query_conv.py run cases.json OUT --jobs 1` (a fresh device per case), then
`strip_answers.py OUT`.
"""

import random

from kit_draws import print_cases


def row_major(rng: random.Random, case: dict) -> dict:
    c = dict(case)
    cfg = dict(c["conv_config"])
    cfg["output_layout"] = "ROW_MAJOR"
    c["dtype"] = rng.choice(["bfloat16", "bfloat16", "float32"])
    if c["groups"] == 1 and rng.random() < 0.4:
        c["O"] = rng.choice([1, 3, 5, 10, 17, 33, 48, 100, 255])
    if "input_shard" not in c:
        c["H"] = min(c["H"], 64)
        c["W"] = min(c["W"], 64)
        if rng.random() < 0.5:
            c["H"] = rng.choice([5, 9, 13, 15, 21, 27, 33])
            c["W"] = rng.choice([c["H"], 7, 11, 19])
        c["mem"] = "DRAM" if rng.random() < 0.33 else "L1"
        cfg.pop("shard_layout", None)
        layout = rng.choice(["HEIGHT", "HEIGHT", "BLOCK", "BLOCK", "WIDTH", None])
        if layout is not None:
            cfg["shard_layout"] = layout
        if c["mem"] == "DRAM" and rng.random() < 0.4:
            c["slice_config"] = {"type": "L1Full", "num_slices": rng.choice([1, 2])}
    c["conv_config"] = cfg
    c["id"] = "m" + c["id"][1:]
    return c


if __name__ == "__main__":
    print_cases(row_major)
