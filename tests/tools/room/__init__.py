"""`make room`: a club night under load, as the room makes it.

Scoring phones record steps at every table while phones follow the event's board (polled as
htmx polls it) and single tables; the figures are how long a recorded step takes and how long
after it each follower's board shows it. `--shape laptop` is `make run` on SQLite with one
50-table event; `--shape hosted` is two instances on PostgreSQL and Redis with ten 24-table
events. A development tool, like `make bench`: it prints figures and enforces nothing.
"""
