"""mypy checks every module of the installed packages in strict mode, as django-htmx does."""

import io
import tomllib

import pytest
from mypy.config_parser import parse_config_file
from mypy.main import define_options
from mypy.options import Options

from tests.foundation.processes import BASE_DIR

PYPROJECT = BASE_DIR / "pyproject.toml"


def module_options(module: str) -> Options:
    """The options mypy applies to `module` under pyproject.toml, as `make test` runs it."""
    options = Options()
    _, _, strict_flags = define_options()

    def set_strict_flags() -> None:  # as mypy's own command line does for `strict = true`
        for flag, value in strict_flags:
            setattr(options, flag, value)

    errors = io.StringIO()
    parse_config_file(options, set_strict_flags, str(PYPROJECT), io.StringIO(), errors)
    assert errors.getvalue() == ""
    return options.clone_for_module(module)


@pytest.mark.parametrize(
    "module",
    ["games.scoring.engine", "games.views.table", "games.services", "scorekeeper.settings"],
)
def test_every_module_gets_every_flag_of_strict_mode(module):
    _, _, strict_flags = define_options()
    options = module_options(module)
    wrong = [flag for flag, value in strict_flags if getattr(options, flag) != value]
    assert wrong == []
    assert options.plugins == ["mypy_django_plugin.main"]


def test_mypy_checks_the_installed_packages_with_the_django_settings():
    config = tomllib.loads(PYPROJECT.read_text())["tool"]

    assert config["mypy"]["packages"] == ["games", "scorekeeper"]
    assert config["django-stubs"]["django_settings_module"] == "scorekeeper.settings"
