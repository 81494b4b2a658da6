"""The contributors' hooks check a commit the way `make test` does."""

import re
import tomllib

from tests.foundation.processes import BASE_DIR

CONFIG = (BASE_DIR / ".pre-commit-config.yaml").read_text()


def pins() -> dict[str, str]:
    return dict(re.findall(r"additional_dependencies: \[([\w-]+)==([\w.]+)\]", CONFIG))


def test_the_ruff_hooks_use_the_ruff_make_test_uses():
    locked = re.search(r"^ruff==(\S+)$", (BASE_DIR / "constraints.txt").read_text(), re.M)

    assert locked, "ruff is not pinned in constraints.txt"
    assert pins()["ruff"] == locked.group(1)
    assert "entry: ruff check --fix --force-exclude" in CONFIG
    assert "entry: ruff format --force-exclude" in CONFIG


def test_django_upgrade_targets_the_oldest_django_the_project_supports():
    project = tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["project"]
    django = next(d for d in project["dependencies"] if d.startswith("django>="))
    oldest = re.match(r"django>=(\d+\.\d+)", django).group(1)

    assert "django-upgrade" in pins()
    assert f'args: [--target-version, "{oldest}"]' in CONFIG
    assert oldest == "6.0"


def test_djade_formats_the_templates_for_the_django_django_upgrade_targets():
    hook = CONFIG.split("- id: djade", 1)[1].split("- id:", 1)[0]
    upgrade = CONFIG.split("- id: django-upgrade", 1)[1].split("- id:", 1)[0]
    target = re.search(r"args: \[--target-version, \"([\d.]+)\"\]", upgrade)

    assert "djade" in pins()
    assert target
    assert f'args: [--target-version, "{target.group(1)}"]' in hook
    assert "files: ^templates/" in hook


def test_the_mypy_hook_runs_the_venvs_mypy_on_the_whole_project():
    hook = CONFIG.split("- id: mypy", 1)[1]

    assert "entry: .venv/bin/mypy\n" in hook
    assert "pass_filenames: false" in hook
