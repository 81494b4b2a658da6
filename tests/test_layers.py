"""The layers are in the names: what reads or draws a game never imports what writes one.

The write modules (`games.services`, `games.club.services`) own every transaction; the pure
step rules they check a posted step with live in `games.scoring.steps`, where the pages that
draw the forms find them too."""

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "games"
WRITES = {"games.services", "games.club.services", "games.cards.services"}
READS = [
    "fragments.py",
    "display.py",
    "chart.py",
    "compare.py",
    "stats.py",
    "club/reads.py",
    "club/board.py",
    "club/desk.py",
    "cards/display.py",
    "cards/review.py",
]


def imported_by(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("module", READS)
def test_a_read_module_imports_no_write_module(module):
    assert imported_by(GAMES / module) & WRITES == set()


def test_the_check_sees_an_import_of_the_write_module(tmp_path):
    written = tmp_path / "m.py"
    written.write_text(
        "from games import services\nfrom games.club.services import x\n"
        "import games.cards.services\n"
    )
    assert imported_by(written) & WRITES == WRITES
