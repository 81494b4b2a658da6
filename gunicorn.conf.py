"""gunicorn settings for `make run` and deployments; HOST, PORT and WEB_CONCURRENCY override."""

import os

wsgi_app = "scorekeeper.wsgi:application"
bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
timeout = 30
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
