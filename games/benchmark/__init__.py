"""`manage.py bench`: the app under gunicorn, a seeded database and wrk on loopback.

`database` makes a fresh database of the configured kind, `seed` records realistic games
through the real recording code, `server` runs gunicorn as deployed, `load` drives wrk and
reads its figures, `measure` counts queries and bytes in process and over HTTP, and `report`
prints the table and writes the JSON.
"""
