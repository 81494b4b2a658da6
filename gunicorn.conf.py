"""gunicorn settings for `make run` and deployments; HOST, PORT, WEB_CONCURRENCY and
GUNICORN_CONTROL_SOCKET override."""

import os

wsgi_app = "scorekeeper.wsgi:application"
bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# Threads, so a phone that sends its request slowly (or not at all) holds one thread, not a
# whole worker: the others keep answering the table. A connection that sends nothing waits
# outside the threads; a body that stops coming is given up after 15 s (scorekeeper/wsgi.py).
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
timeout = 30

# GUNICORN_PUSH=1: the async server of the room board's pushed updates (`make push`, beside the
# threaded one): each phone following a board holds an open stream, which an async worker keeps
# as a coroutine rather than a thread.
if os.environ.get("GUNICORN_PUSH", "").strip() in {"1", "true", "yes", "on"}:
    wsgi_app = "scorekeeper.asgi:application"
    worker_class = "uvicorn_worker.UvicornWorker"
    workers = int(os.environ.get("WEB_CONCURRENCY", "1"))
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'

# gunicorn's control socket (for `gunicornc`) defaults to one path per user, which two instances
# on one machine would share. None unless GUNICORN_CONTROL_SOCKET gives this instance its own.
if os.environ.get("GUNICORN_CONTROL_SOCKET", "").strip():
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"].strip()
else:
    control_socket_disable = True
