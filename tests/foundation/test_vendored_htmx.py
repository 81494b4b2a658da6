"""htmx 2.x is vendored with its licence and version note; nothing loads from a CDN."""

import re

from tests.foundation.processes import BASE_DIR

HTMX_DIR = BASE_DIR / "static" / "vendor" / "htmx"
TEMPLATES = BASE_DIR / "templates"

# A script or stylesheet loaded from another origin: http://, https:// or protocol-relative //.
REMOTE_ASSET = re.compile(
    r"""<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", re.IGNORECASE
)


def readme_version() -> str:
    readme = (HTMX_DIR / "README.md").read_text()
    match = re.search(r"^- Version:\s*(\S+)\s*$", readme, re.MULTILINE)
    assert match, "static/vendor/htmx/README.md has no '- Version: x.y.z' line"
    return match.group(1)


def test_htmx_2_is_vendored_at_the_version_its_readme_names():
    source = (HTMX_DIR / "htmx.min.js").read_text()
    match = re.search(r'version:"([^"]+)"', source)

    assert match, "htmx.min.js carries no version string"
    assert match.group(1).startswith("2.")
    assert match.group(1) == readme_version()


def test_htmx_licence_sits_beside_it():
    licence = (HTMX_DIR / "LICENSE").read_text()

    assert "Permission to use, copy, modify, and/or distribute this software" in licence


def test_the_base_template_loads_htmx_from_our_static_files():
    base = (TEMPLATES / "base.html").read_text()

    assert re.search(r"""<script\b[^>]*src="\{% static 'vendor/htmx/htmx\.min\.js' %\}\"""", base)


def test_the_cdn_pattern_recognises_remote_scripts_and_stylesheets():
    assert REMOTE_ASSET.search('<script src="https://unpkg.com/htmx.org@2.0.11"></script>')
    assert REMOTE_ASSET.search("<link rel=stylesheet href='//cdn.example/x.css'>")
    assert not REMOTE_ASSET.search("""<script src="{% static 'js/app.js' %}" defer></script>""")


def test_no_template_loads_a_script_or_stylesheet_from_another_origin():
    templates = sorted(TEMPLATES.rglob("*.html"))
    assert templates

    offenders = [
        f"{path.relative_to(BASE_DIR)}: {match.group()}"
        for path in templates
        for match in REMOTE_ASSET.finditer(path.read_text())
    ]

    assert offenders == []
