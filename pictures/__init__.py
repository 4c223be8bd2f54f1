"""Pictures of a tensor's layout: where each element of a tensor sits in TT-NN's tiles, blocks
and shards (`layout_map`, as text too) and its drawing (`plot`, with matplotlib). They read
the conv plans and the data formats, never the IR: the program reads a prepared tensor's
provenance off the IR and hands a `LayoutMap` here."""
