"""`make bench` (`python -m tests.tools.bench`): the app under gunicorn, seeded, loaded by wrk.

`tests.tools.database` makes a fresh database of the configured kind, `seed` records realistic
games through the real recording code, `tests.tools.server` runs gunicorn as deployed, `load`
drives wrk and reads its figures, `measure` counts queries and bytes in process and over HTTP,
`report` judges the targets and prints the table, `run` puts them together, and `engine` times
the scoring engine alone.
"""
