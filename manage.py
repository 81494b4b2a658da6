#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import secrets
import sys

# Commands that only read a game file or print the rules sign nothing, so they run without a
# configured secret key (settings demand one for everything else); a throwaway key stands in.
KEYLESS_COMMANDS = {"score", "rules"}


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    keyless = len(sys.argv) > 1 and sys.argv[1] in KEYLESS_COMMANDS
    if keyless and not os.environ.get("DJANGO_SECRET_KEY", "").strip():
        os.environ["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
