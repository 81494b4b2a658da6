"""The domain packages import nothing from Django, so they can be tested and reused alone."""

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"


@pytest.mark.parametrize("package", ["scoring", "events"])
def test_a_domain_package_imports_nothing_from_django_or_the_app(package):
    imported = set()
    for path in (GAMES / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imported.add(node.module or "")
    outside = {name for name in imported if name.split(".")[0] in ("django", "games")}
    assert outside == set()
