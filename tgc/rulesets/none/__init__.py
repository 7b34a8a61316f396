"""The plain gamebook: verses, statuses, secrets, items, dice and encounters the reader
settles; no party numbers and no fights."""
