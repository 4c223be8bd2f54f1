// Only a comment: no operation.
