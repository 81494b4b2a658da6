"""mypy checks what the issue promised: strict for the rules engine, sound defaults elsewhere."""

import io
import tomllib

from mypy.config_parser import parse_config_file
from mypy.main import define_options
from mypy.options import Options

from tests.foundation.processes import BASE_DIR

PYPROJECT = BASE_DIR / "pyproject.toml"


def module_options(module: str) -> Options:
    """The options mypy applies to `module` under pyproject.toml, as `make test` runs it."""
    options = Options()
    switched_on = []
    errors = io.StringIO()
    parse_config_file(
        options, lambda: switched_on.append(True), str(PYPROJECT), io.StringIO(), errors
    )

    assert errors.getvalue() == ""
    # `strict = true` anywhere in the file, an override included, makes every module strict.
    assert switched_on == []
    return options.clone_for_module(module)


def test_the_scoring_package_gets_every_flag_of_strict_mode():
    _, _, strict_flags = define_options()

    for module in ("games.scoring", "games.scoring.engine", "games.scoring.rules"):
        options = module_options(module)
        wrong = [flag for flag, value in strict_flags if getattr(options, flag) != value]
        assert wrong == [], module


def test_the_rest_is_checked_without_annotations_demanded():
    options = module_options("games.views.table")

    assert options.check_untyped_defs
    assert options.warn_unused_ignores
    assert not options.implicit_optional
    assert not options.disallow_untyped_defs
    assert options.plugins == ["mypy_django_plugin.main"]


def test_mypy_checks_the_installed_packages_with_the_django_settings():
    config = tomllib.loads(PYPROJECT.read_text())["tool"]

    assert config["mypy"]["packages"] == ["games", "scorekeeper"]
    assert config["django-stubs"]["django_settings_module"] == "scorekeeper.settings"
