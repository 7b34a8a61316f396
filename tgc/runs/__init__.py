"""Runs that outgrow one process: the executor seam (local processes, or a Dask cluster)
and the chunked, resumable batches that `tgc sim`, `tgc balance` and `tgc play --random`
hand to it."""
