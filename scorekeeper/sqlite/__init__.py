"""SQLite with a fair queue for writers (see `base`)."""
