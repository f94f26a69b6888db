"""One package per game: rules, data files, nothing else."""
