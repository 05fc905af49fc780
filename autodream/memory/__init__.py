"""The memory directory as values: index, topic files, staging, commit, invariants."""
