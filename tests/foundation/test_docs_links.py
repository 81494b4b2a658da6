"""Every relative link in the README and docs/ leads somewhere: to a file (or folder) of the
project, to a heading of that file when it names one (`#anchor`, made from the heading as the
forge makes it), and every image is there. Links to other sites are not followed."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target) and ![alt](target), with an optional "title" after the target.
LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def documents() -> list[Path]:
    return [BASE_DIR / "README.md", *sorted((BASE_DIR / "docs").rglob("*.md"))]


def prose(text: str) -> Iterator[tuple[int, str]]:
    """The lines outside fenced code blocks, with their numbers."""
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(heading: str) -> str:
    """A heading's anchor as the forge makes it: the text as shown (no link targets, no
    backticks or emphasis marks), lower case, with punctuation dropped and spaces as hyphens."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[`*]", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a Markdown file; a repeated one gets -1, -2, ... as it repeats."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for _, line in prose(path.read_text()):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match[2])
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(path: Path, root: Path = BASE_DIR) -> list[str]:
    """What is wrong with each relative link and image of one Markdown file."""
    problems: list[str] = []
    where = path.relative_to(root)
    for number, line in prose(path.read_text()):
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            image, target = match[1] == "!", match[3]
            if not target or SCHEME.match(target):
                continue
            kind = "image" if image else "link"
            file_part, _, anchor = target.partition("#")
            found = (path.parent / file_part).resolve() if file_part else path
            if not found.is_relative_to(root.resolve()):
                problems.append(f"{where}:{number}: {kind} {target} leads out of the project")
            elif not found.exists():
                problems.append(f"{where}:{number}: {kind} {target}: no such file")
            elif image and not found.is_file():
                problems.append(f"{where}:{number}: image {target} is not a file")
            elif anchor and found.suffix == ".md" and anchor not in anchors(found):
                problems.append(f"{where}:{number}: {kind} {target}: no such heading")
    return problems


def test_every_relative_link_in_the_readme_and_docs_leads_somewhere():
    problems = [problem for path in documents() for problem in broken_links(path)]
    assert problems == []


def test_the_docs_are_linked_from_the_readme():
    readme = (BASE_DIR / "README.md").read_text()
    linked = {match[3].partition("#")[0] for match in LINK.finditer(readme)}
    unlinked = [
        str(path.relative_to(BASE_DIR))
        for path in sorted((BASE_DIR / "docs").glob("*.md"))
        if str(path.relative_to(BASE_DIR)) not in linked
    ]
    assert unlinked == []


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("The director's desk", "the-directors-desk"),
        ("The benchmark (`make bench`)", "the-benchmark-make-bench"),
        ("Polling or push: chosen by measurement", "polling-or-push-chosen-by-measurement"),
        ("2026-11-25", "2026-11-25"),
        ("`hand_limit` and **time**", "hand_limit-and-time"),
        ("See [the rules](rules.md)", "see-the-rules"),
    ],
)
def test_a_heading_anchor_is_made_as_the_forge_makes_it(heading, anchor):
    assert slug(heading) == anchor


def test_a_broken_link_a_missing_heading_and_a_missing_image_are_each_found(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\n## Setting up\n\n## Setting up\n")
    (tmp_path / "README.md").write_text(
        "\n".join(
            [
                "# Front door",
                "[good](docs/guide.md#setting-up) and [second](docs/guide.md#setting-up-1)",
                "[here](#front-door) and [away](https://example.com/nowhere.md)",
                "```",
                "[in code](docs/nowhere.md)",
                "```",
                "`[in a code span](docs/nowhere.md)`",
                "[gone](docs/gone.md)",
                "[no heading](docs/guide.md#tearing-down)",
                "[no third](docs/guide.md#setting-up-2)",
                "[not here](#back-door)",
                '![missing](docs/images/missing.png "a picture")',
                "[outside](../elsewhere.md)",
            ]
        )
    )

    assert broken_links(tmp_path / "README.md", tmp_path) == [
        "README.md:8: link docs/gone.md: no such file",
        "README.md:9: link docs/guide.md#tearing-down: no such heading",
        "README.md:10: link docs/guide.md#setting-up-2: no such heading",
        "README.md:11: link #back-door: no such heading",
        "README.md:12: image docs/images/missing.png: no such file",
        "README.md:13: link ../elsewhere.md leads out of the project",
    ]


def test_the_rules_page_names_every_setting_and_preset_the_code_has():
    """docs/rules.md is written from the code: a setting or preset added there is named here."""
    from games.scoring.card_games import GAMES
    from games.scoring.presets import PRESETS
    from games.scoring.rules import SETTINGS

    text = (BASE_DIR / "docs" / "rules.md").read_text()
    names = {setting.name for setting in SETTINGS} | set(PRESETS)
    for game in GAMES.values():
        names |= {setting.name for setting in game.settings} | set(game.presets)
    assert sorted(name for name in names if f"`{name}`" not in text) == []
