"""Capture the bytes TT-NN 0.81.1's prepare functions make (README.md here). Needs TT-NN.

    $TTNN_VENV/bin/python capture_bytes.py CASES.json OUT_FOLDER --device wormhole_N150

For each case of CASES.json (a JSON list in the form of the answers files: id, O, I,
in_channels, kernel, groups, stride, pad, dilation, H, W, N, mem, layout, bias, input_dtype,
conv_config, optional input_shard and slice_config and, for conv_transpose2d, op,
output_padding, mirror_kernel; no device_open), writes OUT_FOLDER/<id>/:

- the host weight (`weight_oihw_f32.npy`, or `weight_iohw_f32.npy` for conv_transpose2d) and
  bias (`bias_f32.npy`) TT-NN is given: reused when the folder already holds them (to capture
  a committed case again), otherwise drawn from a normal distribution seeded by the case's id;
- `weight.tensorbin`, `bias.tensorbin`: the tensor TT-NN's prepare function moved to the
  device, as TT-NN's own dump_tensor wrote it (capture_to_device.cpp, preloaded);
- `case.json`: the case, TT-NN's shapes and dtypes (or its `error`), the files' sha256,
  and OUT_FOLDER/summary.json: every case.json.

Each case runs in a worker process with the shim preloaded; a case that kills TT-NN is
recorded as `process died`, one TT-NN grows past 6 GiB on or spends 120 s on is stopped
and recorded as `skipped`; the rest go on in a new worker. One worker at a time.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from importlib.metadata import version
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEVICES = ("wormhole_N150", "blackhole_P150")
MAX_CASE_SECONDS = 120.0
SLICE_TYPES = {
    "dram_height": "DRAMSliceHeight",
    "dram_width": "DRAMSliceWidth",
    "l1_full": "L1Full",
}
"""A case's slice_config type (as the answers write it) as TT-NN names it."""
MAX_CASE_BYTES = 6 * 2**30


def build_shim(folder: Path) -> Path:
    """capture_to_device.cpp compiled into `folder`."""
    library, source = folder / "capture_to_device.so", HERE / "capture_to_device.cpp"
    subprocess.run(
        ["g++", "-std=c++17", "-O1", "-shared", "-fPIC", "-o", str(library), str(source), "-ldl"],
        check=True,
    )
    return library


def is_transpose(case: dict[str, Any]) -> bool:
    return case.get("op") == "conv_transpose2d"


def host_tensors(case: dict[str, Any], folder: Path) -> tuple[Any, Any]:
    """The case's host weight and bias (float32): the folder's own, or drawn and saved."""
    import numpy as np

    weight_file = folder / ("weight_iohw_f32.npy" if is_transpose(case) else "weight_oihw_f32.npy")
    bias_file = folder / "bias_f32.npy"
    if weight_file.exists():
        weight = np.load(weight_file)
        bias = np.load(bias_file) if bias_file.exists() else None
        return weight, bias
    if is_transpose(case):
        shape = (case["in_channels"], case["O"] // case["groups"], *case["kernel"])
    else:
        shape = (case["O"], case["I"], *case["kernel"])
    generator = np.random.default_rng(zlib.crc32(case["id"].encode()))
    weight = generator.standard_normal(shape).astype(np.float32)
    bias = generator.standard_normal((1, 1, 1, case["O"])).astype(np.float32)
    np.save(weight_file, weight)
    if case["bias"]:
        np.save(bias_file, bias)
    return weight, bias if case["bias"] else None


def keyword_arguments(ttnn: Any, case: dict[str, Any], device: Any) -> dict[str, Any]:
    """The keyword parameters the weight's and the bias's prepare calls share."""
    fields = dict(case["conv_config"])
    typed = ("shard_layout", "weights_dtype")
    config = {key: value for key, value in fields.items() if key not in typed}
    if fields.get("shard_layout"):
        layout = getattr(ttnn.TensorMemoryLayout, fields["shard_layout"] + "_SHARDED")
        config["shard_layout"] = layout
    if fields.get("weights_dtype"):
        config["weights_dtype"] = getattr(ttnn, fields["weights_dtype"])
    shard = case.get("input_shard")
    if shard:
        grid_x, grid_y = shard["grid"]
        cores = ttnn.CoreRangeSet(
            {ttnn.CoreRange(ttnn.CoreCoord(0, 0), ttnn.CoreCoord(grid_x - 1, grid_y - 1))}
        )
        orientation = getattr(ttnn.ShardOrientation, shard["orientation"])
        spec = ttnn.ShardSpec(cores, list(shard["shard_shape"]), orientation)
        kind = getattr(ttnn.TensorMemoryLayout, shard["kind"] + "_SHARDED")
        memory = ttnn.MemoryConfig(kind, ttnn.BufferType.L1, spec)
    else:
        memory = ttnn.DRAM_MEMORY_CONFIG if case["mem"] == "DRAM" else ttnn.L1_MEMORY_CONFIG
    arguments: dict[str, Any] = dict(
        input_memory_config=memory,
        input_layout=ttnn.TILE_LAYOUT if case["layout"] == "TILE" else ttnn.ROW_MAJOR_LAYOUT,
        in_channels=case["in_channels"],
        out_channels=case["O"],
        batch_size=case["N"],
        input_height=case["H"],
        input_width=case["W"],
        kernel_size=tuple(case["kernel"]),
        stride=tuple(case["stride"]),
        padding=tuple(case["pad"]),
        dilation=tuple(case["dilation"]),
        groups=case["groups"],
        device=device,
        input_dtype=getattr(ttnn, case["input_dtype"]),
        conv_config=ttnn.Conv2dConfig(**config),
    )
    if case.get("slice_config"):
        kind, slices = case["slice_config"]
        slice_types = ttnn.Conv2dSliceConfig.SliceTypeEnum
        slice_type = getattr(slice_types, SLICE_TYPES[kind])
        name = "dram_slice_config" if is_transpose(case) else "slice_config"
        arguments[name] = ttnn.Conv2dSliceConfig(slice_type=slice_type, num_slices=slices)
    return arguments


def error_of(exception: Exception) -> dict[str, str]:
    """TT-NN's refusal: its first line, and the TT_FATAL's `info:` lines when it has them."""
    lines = str(exception).splitlines()
    first = f"{type(exception).__name__}: {lines[0].strip() if lines else ''}"[:300]
    record = {"error": first}
    if "info:" in lines:
        start = lines.index("info:") + 1
        end = lines.index("backtrace:") if "backtrace:" in lines else None
        record["error_info"] = " ".join(line.strip() for line in lines[start:end])[:400]
    return record


def captured_file(capture: Path, target: Path) -> str | None:
    """Moves the one tensor the shim dumped to `target`; a message when it dumped another count."""
    dumped = sorted(capture.glob("*.tensorbin"))
    if len(dumped) != 1:
        for path in dumped:
            path.unlink()
        return f"the shim caught {len(dumped)} tensors moved to the device, not 1"
    shutil.move(dumped[0], target)
    return None


def capture_case(ttnn: Any, device: Any, case: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Prepares the case's weight (and bias) with TT-NN, the shim catching each tensor."""
    folder.mkdir(parents=True, exist_ok=True)
    capture = Path(os.environ["TTNN_CAPTURE_DIR"])
    for path in capture.glob("*.tensorbin"):
        path.unlink()
    for stale in ("weight.tensorbin", "bias.tensorbin"):
        (folder / stale).unlink(missing_ok=True)
    weight, bias = host_tensors(case, folder)
    arguments = keyword_arguments(ttnn, case, device)
    conv = ttnn._ttnn.operations.conv
    if is_transpose(case):
        prepare_weights, prepare_bias = (
            conv.prepare_conv_transpose2d_weights,
            conv.prepare_conv_transpose2d_bias,
        )
        extra = dict(
            weights_format="IOHW",
            output_padding=tuple(case["output_padding"]),
            mirror_kernel=case["mirror_kernel"],
        )
    else:
        prepare_weights, prepare_bias = conv.prepare_conv_weights, conv.prepare_conv_bias
        extra = dict(weights_format="OIHW")
    record: dict[str, Any] = {}
    host = ttnn.Tensor(weight, ttnn.float32, None, ttnn.ROW_MAJOR_LAYOUT)
    try:
        prepared = prepare_weights(weight_tensor=host, has_bias=case["bias"], **arguments, **extra)
    except Exception as exception:
        return error_of(exception)
    record.update(
        weight_logical_shape=list(prepared.shape),
        weight_padded_shape=list(prepared.padded_shape),
        weight_dtype=str(prepared.dtype),
    )
    problem = captured_file(capture, folder / "weight.tensorbin")
    if problem:
        return {**record, "capture_error": problem}
    if bias is None:
        return record
    host_bias = ttnn.Tensor(bias, ttnn.float32, None, ttnn.ROW_MAJOR_LAYOUT)
    try:
        prepared_bias = prepare_bias(bias_tensor=host_bias, **arguments)
    except Exception as exception:
        return {**record, **{f"bias_{key}": value for key, value in error_of(exception).items()}}
    record.update(
        bias_logical_shape=list(prepared_bias.shape),
        bias_padded_shape=list(prepared_bias.padded_shape),
        bias_dtype=str(prepared_bias.dtype),
    )
    problem = captured_file(capture, folder / "bias.tensorbin")
    if problem:
        record["capture_error"] = problem
    return record


def tensor_record(tensor: Any) -> dict[str, Any]:
    """A tensor's logical and padded shape, dtype and layout, as the answers write them."""
    return dict(
        logical_shape=list(tensor.shape),
        padded_shape=list(tensor.padded_shape),
        dtype=str(tensor.dtype),
        layout=str(tensor.layout),
    )


def conv2d_capture_case(ttnn: Any, case: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Runs TT-NN's own conv2d (or conv_transpose2d, as the case's `op` says) on the case
    (conv2d_call.py) from the host weight and bias, on a device opened for it, and keeps, of
    the tensors the shim caught moving to the device during the call, the one whose logical
    and padded shape, dtype and layout are those of the weight the op returned as
    `weight.tensorbin` (and the bias's as `bias.tensorbin`).
    The input is moved before the call and its file dropped; the others (the halo's config
    tensors) are listed in the record as `moved`."""
    from conv2d_call import L1_SMALL_SIZE, conv2d_keywords, conv_function, device_input

    folder.mkdir(parents=True, exist_ok=True)
    capture = Path(os.environ["TTNN_CAPTURE_DIR"])
    for stale in ("weight.tensorbin", "bias.tensorbin"):
        (folder / stale).unlink(missing_ok=True)
    weight, bias = host_tensors(case, folder)
    device = ttnn.open_device(device_id=0, l1_small_size=case.get("l1_small_size", L1_SMALL_SIZE))
    try:
        try:
            input_tensor = device_input(ttnn, case, device)
        except Exception as exception:
            return {f"input_{key}": value for key, value in error_of(exception).items()}
        for path in capture.glob("*.tensorbin"):
            path.unlink()
        keywords = conv2d_keywords(ttnn, case, device, input_tensor, weight, bias)
        try:
            _, _, (returned_weight, returned_bias) = conv_function(ttnn, case)(**keywords)
        except Exception as exception:
            return error_of(exception)
    finally:
        ttnn.close_device(device)
    dumped = sorted(capture.glob("*.tensorbin"))
    moved = [tensor_record(ttnn.load_tensor(str(path))) for path in dumped]
    op = case.get("op", "conv2d")
    record: dict[str, Any] = {"captured_from": op, "moved": moved}
    returned = {"weight": returned_weight, "bias": returned_bias}
    hosts = {"weight": weight, "bias": bias}
    for what, tensor in returned.items():
        if tensor is None:
            continue
        wanted = tensor_record(tensor)
        record.update({f"{what}_{key}": value for key, value in wanted.items()})
        matches = [path for path, found in zip(dumped, moved, strict=True) if found == wanted]
        if len(matches) == 2 and tensor_record(returned_weight) == tensor_record(returned_bias):
            # A weight of one row (in_channels·KH·KW = 1, [1, 1, 1, O]) has the bias's shape:
            # the one whose values are nearer the host operand's is this operand.
            matches = [nearest(ttnn, matches, hosts[what], [hosts[other] for other in hosts])]
            record["told_apart_by_values"] = True
        if len(matches) != 1:
            record["capture_error"] = f"{len(matches)} tensors moved look like the {what}"
            continue
        shutil.copy(matches[0], folder / f"{what}.tensorbin")
    for path in dumped:
        path.unlink()
    return record


def nearest(ttnn: Any, paths: list[Path], host: Any, hosts: list[Any]) -> Path:
    """Of two dumped one-row tensors, the one whose logical values are nearer `host`'s (the
    other nearer the other of `hosts`): their flat values against each host's."""
    import numpy as np

    def distance(path: Path, values: Any) -> float:
        dumped = ttnn.load_tensor(str(path)).to_numpy().astype(np.float64).ravel()
        return float(np.abs(dumped - np.ravel(values)).sum())

    other = next(values for values in hosts if values is not host)
    first, second = paths
    first_is_it = distance(first, host) + distance(second, other)
    second_is_it = distance(second, host) + distance(first, other)
    return first if first_is_it < second_is_it else second


def worker(mode: str, cases_file: Path, out: Path, ids: list[str]) -> None:
    """Runs `ids`, a START and a RESULT line each: the prepare calls on one opened device, or
    the conv op itself (conv2d or conv_transpose2d) on a device opened for each case."""
    import ttnn

    cases = {case["id"]: case for case in json.loads(cases_file.read_text())}
    if mode == "op":
        sys.path.insert(0, str(HERE))
        for case_id in ids:
            print(f"START {case_id}", flush=True)
            record = conv2d_capture_case(ttnn, cases[case_id], out / case_id)
            print(f"RESULT {case_id} {json.dumps(record)}", flush=True)
        return
    device = ttnn.open_device(device_id=0)
    try:
        for case_id in ids:
            print(f"START {case_id}", flush=True)
            record = capture_case(ttnn, device, cases[case_id], out / case_id)
            print(f"RESULT {case_id} {json.dumps(record)}", flush=True)
    finally:
        ttnn.close_device(device)


def resident_bytes(process_id: int) -> int:
    """A process's resident memory (0 once it is gone)."""
    try:
        status = Path(f"/proc/{process_id}/status").read_text()
    except OSError:
        return 0
    line = next((line for line in status.splitlines() if line.startswith("VmRSS:")), "VmRSS: 0 kB")
    return int(line.split()[1]) * 1024


def run_worker(
    command: list[str], environment: dict[str, str]
) -> tuple[list[str], str, str | None]:
    """One worker's output lines, its standard error, and the case it was stopped on for
    growing past MAX_CASE_BYTES or running past MAX_CASE_SECONDS (a few convs take TT-NN
    tens of gigabytes), if it was."""
    lines: list[str] = []
    current: list[tuple[str, float] | None] = [None]
    with tempfile.TemporaryFile("w+") as errors:
        # In the scratch folder: TT-NN writes a generated/ folder into its working directory.
        process = subprocess.Popen(
            command,
            env=environment,
            cwd=environment["TTNN_CAPTURE_DIR"],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )

        def read() -> None:
            assert process.stdout is not None
            for line in process.stdout:
                lines.append(line)
                if line.startswith("START "):
                    current[0] = (line.split()[1], time.monotonic())
                elif line.startswith("RESULT "):
                    current[0] = None

        reader = threading.Thread(target=read)
        reader.start()
        stopped = None
        while process.poll() is None:
            time.sleep(0.5)
            running = current[0]
            if running is not None and (
                resident_bytes(process.pid) > MAX_CASE_BYTES
                or time.monotonic() - running[1] > MAX_CASE_SECONDS
            ):
                stopped = running[0]
                process.kill()
        reader.join()
        process.wait()
        errors.seek(0)
        return lines, errors.read(), stopped


def run_all(mode: str, cases_file: Path, out: Path) -> dict[str, dict[str, Any]]:
    """Every case in worker processes with the shim preloaded, one worker at a time; a worker
    that dies or is stopped is replaced, going on after its case."""
    cases = json.loads(cases_file.read_text())
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        environment = dict(
            os.environ,
            LD_PRELOAD=str(build_shim(Path(scratch))),
            TTNN_CAPTURE_DIR=scratch,
        )
        todo = [case["id"] for case in cases]
        while todo:
            script = str(Path(__file__).resolve())
            command = [sys.executable, script, "--worker", mode, str(cases_file), str(out), *todo]
            lines, errors, stopped = run_worker(command, environment)
            started = None
            for line in lines:
                if line.startswith("START "):
                    started = line.split()[1]
                elif line.startswith("RESULT "):
                    _, case_id, text = line.split(" ", 2)
                    results[case_id] = json.loads(text)
                    started = None
            if started is not None and started == stopped:
                results[started] = dict(error="skipped", error_info="past the capture's limits")
            elif started is not None:
                fatal = [
                    line for line in errors.splitlines() if "TT_FATAL" in line or "Signal" in line
                ]
                why = " | ".join(fatal[:3])[:400]
                results[started] = dict(error="process died", error_info=why)
            rest = [case_id for case_id in todo if case_id not in results]
            if rest and started is None:
                raise SystemExit(f"worker failed without a case: {errors[-400:]}")
            todo = rest
    return results


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(arguments: list[str]) -> None:
    if arguments[:1] == ["--worker"]:
        worker(arguments[1], Path(arguments[2]), Path(arguments[3]), arguments[4:])
        return
    mode = "prepare"
    op_flags = ("--conv2d", "--conv-transpose2d")
    if any(flag in arguments for flag in op_flags):
        # Either flag runs the op itself; the case's `op` says which.
        mode = "op"
        arguments = [argument for argument in arguments if argument not in op_flags]
    if len(arguments) != 4 or arguments[2] != "--device" or arguments[3] not in DEVICES:
        raise SystemExit(__doc__)
    device = arguments[3]
    cases_file, out = Path(arguments[0]).resolve(), Path(arguments[1]).resolve()
    # The mock device is the one TT_METAL_MOCK_CLUSTER_DESC_PATH names; the records name it too.
    if device not in Path(os.environ.get("TT_METAL_MOCK_CLUSTER_DESC_PATH", "")).name:
        raise SystemExit(f"TT_METAL_MOCK_CLUSTER_DESC_PATH does not name {device}")
    out.mkdir(parents=True, exist_ok=True)
    results = run_all(mode, cases_file, out)
    summary = []
    for case in json.loads(cases_file.read_text()):
        folder = out / case["id"]
        folder.mkdir(exist_ok=True)
        record = {**case, "device": device, "ttnn_version": version("ttnn"), **results[case["id"]]}
        for what in ("weight", "bias"):
            if (folder / f"{what}.tensorbin").exists():
                record[f"{what}_sha256"] = sha256_of(folder / f"{what}.tensorbin")
        (folder / "case.json").write_text(json.dumps(record, indent=1) + "\n")
        summary.append(record)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    prepared = sum("weight_sha256" in record for record in summary)
    print(f"{prepared}/{len(summary)} weights captured")


if __name__ == "__main__":
    main(sys.argv[1:])
