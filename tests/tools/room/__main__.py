"""`python -m tests.tools.room [--shape laptop|hosted] [--seconds 60] ...` (see --help)."""

import sys


def main() -> int:
    from tests.tools.room.run import main as run  # sets the database up before Django

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
