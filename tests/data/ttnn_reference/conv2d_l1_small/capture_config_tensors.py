"""TT-NN 0.81.1's L1_SMALL config tensors of its own conv2d, read off its graph capture
(`ttnn.graph`, RunMode.NO_DISPATCH: nothing is allocated, so nothing fails for the region's
size), for the cases of an answers file of ../conv2d_op/:

    $TTNN_VENV/bin/python capture_config_tensors.py KIT ANSWERS.json.gz OUT.jsonl
        (KIT: the reference kit's folder, whose query_conv.py builds each conv)

One line per case: its id and, in the order TT-NN allocated them, its L1_SMALL buffers as
[page bytes, cores] and the ops they belong to (["op", name]). Standalone: it imports nothing
of this project. A case that kills TT-NN ends the run, its line left with `events` null; run
it again to go on with the cases after it (a case's last line is its answer)."""

import gzip
import json
import os
import sys

kit, answers, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, kit)
os.environ["QUERY_GRAPH"] = "1"

import numpy as np  # noqa: E402
import query_conv  # noqa: E402
import ttnn  # noqa: E402

L1_SMALL = "3"  # TT-NN's BufferType::L1_SMALL in a graph node's `buffer_type`
OPS = ("HaloDeviceOperation", "Conv2dDeviceOperation", "MatmulDeviceOperation")
graphs = []
# query_conv.run_case captures conv2d's graph and asks for its call trace: keep the graph.
ttnn.graph.extract_calltrace = lambda graph: graphs.append(graph) or []

with gzip.open(answers, "rt") as text:
    cases = [case for case in json.load(text).values() if case.get("error") != "skipped"]
done = set()
if os.path.exists(out_path):
    with open(out_path) as answered:
        done = {json.loads(line)["id"] for line in answered}
with open(out_path, "a") as out:
    for case in cases:
        if case["id"] in done or case.get("op") == "conv_transpose2d":
            continue
        print(json.dumps({"id": case["id"], "events": None}), file=out, flush=True)
        graphs.clear()
        device = ttnn.open_device(device_id=0, l1_small_size=case.get("l1_small_size", 16384))
        query_conv.run_case(ttnn, np, device, case)
        events = []
        for graph in graphs:
            for node in graph:
                kind, params = node.get("node_type"), node.get("params", {})
                if kind == "buffer_allocate" and str(params.get("buffer_type")) == L1_SMALL:
                    events.append([int(params["page_size"]), int(params["num_cores"])])
                elif kind == "function_start" and params.get("name") in OPS:
                    events.append(["op", params["name"]])
        print(json.dumps({"id": case["id"], "events": events}), file=out, flush=True)
        ttnn.close_device(device)
