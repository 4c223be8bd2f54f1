"""TT-NN's tensor formats, without IR: the data formats of a tensor's bytes (`formats`),
TT-NN's `.tensorbin` file (`tensorbin`, its schema `tensorbin_schema`) and NumPy's `.npy`
files (`npy`). The runtime, the pictures and TT-NN's Python API build on them."""
