"""The installed app is the product: the bench and the test tools stay under tests/."""

import ast
import importlib.util
import re
import tomllib
from fnmatch import fnmatchcase

from tests.foundation.processes import BASE_DIR

PRODUCT = ("games", "scorekeeper")


def packages() -> set[str]:
    """What setuptools' `packages.find` ships: folders with __init__.py matching `include`."""
    config = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    found = set()
    for top in BASE_DIR.iterdir():
        if not top.is_dir() or top.name.startswith("."):
            continue
        for init in top.rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(BASE_DIR).parts)
            if any(fnmatchcase(name, pattern) for pattern in include):
                found.add(name)
    return found


def test_the_installed_packages_hold_no_test_or_bench_code():
    shipped = packages()

    assert {"games", "games.scoring", "scorekeeper"} <= shipped
    assert not [name for name in shipped if name.split(".")[0] not in PRODUCT]
    assert not [name for name in shipped if "bench" in name]


def test_the_product_imports_nothing_from_tests():
    offenders = []
    for top in PRODUCT:
        for path in (BASE_DIR / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module or ""]
                else:
                    continue
                offenders += [
                    f"{path.relative_to(BASE_DIR)}: {name}"
                    for name in names
                    if name == "tests" or name.startswith("tests.")
                ]
    assert offenders == []


def test_every_module_the_readme_runs_exists():
    """The README and the docs it links to (docs/*.md) name only modules that exist."""
    pages = [BASE_DIR / "README.md", *sorted((BASE_DIR / "docs").glob("*.md"))]
    modules = set(re.findall(r"python -m ([\w.]+)", "\n".join(p.read_text() for p in pages)))

    assert {"tests.tools.bench", "tests.tools.bench.engine"} <= modules
    for module in modules:
        assert importlib.util.find_spec(module) is not None, module
