"""`python -m tests.tools.faults [--seconds 10] [--only SCENARIO ...]`.

The scenarios: slow nested flood disk redis postgres events."""

import os
import sys

import django


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup()
    from tests.tools.faults.run import main as run  # the settings load only after setup

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
