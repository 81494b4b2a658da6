"""`python -m tests.tools.bench [--duration 5] [--connections 8] [--report bench-report.json]`."""

import os
import sys

import django


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    from tests.tools.bench.run import main as run  # the models load only after setup

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
