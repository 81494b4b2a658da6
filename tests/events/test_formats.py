"""The formats behind one interface: the factory, each format's rules by its source, the final
places, and Swiss events simulated to their end without a rematch."""

import ast
import zlib
from pathlib import Path

import pytest

from games.events import FORMATS, EventFileError, format_for, parse_event_file, summarize, swiss
from games.events.entry import CLOSED_AFTER_ROUND_1
from games.events.eventfile import PAIRINGS
from tests.events.test_eventfile import PLAYERS, TEAMS, event, played, table

EVENTS = Path(__file__).resolve().parents[2] / "games" / "events"


def test_each_pairing_names_one_format_module_behind_one_interface():
    assert set(PAIRINGS) == set(FORMATS)
    for name in PAIRINGS:
        fmt = format_for(name)
        assert fmt.name == name
        module = name.removeprefix("single_").removeprefix("double_")
        assert type(fmt).__module__ == f"games.events.formats.{module}"
    with pytest.raises(KeyError):
        format_for("ladder")
    # The old per-format facts are still importable, now from the formats.
    assert set(CLOSED_AFTER_ROUND_1) == {"round_robin", "single_elimination", "double_elimination"}


def _named(node):
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def _a_format_named(node):
    """A format's name written out: "swiss", or a tuple or set of such names."""
    if isinstance(node, ast.Constant):
        return node.value in FORMATS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_a_format_named(item) for item in node.elts)
    return False


def test_no_module_of_the_package_branches_on_a_formats_name():
    checked = 0
    for path in EVENTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if not isinstance(node, ast.Compare):
                continue
            parts = [node.left, *node.comparators]
            checked += any(_named(part) == "pairing" for part in parts)
            assert not any(_a_format_named(part) for part in parts), (
                f"{path.name}:{node.lineno} branches on a format's name"
            )
    assert checked  # the file's reader still checks the pairing is one of the formats


# Round robin -------------------------------------------------------------------------------


def test_a_round_robin_file_that_adds_a_team_after_round_1_is_refused_in_one_line():
    one = {"tables": [table(0, 1), table(2, 3)]}
    data = event([one], pairing="round_robin", teams=TEAMS[:5])  # Eights came after round 1
    with pytest.raises(EventFileError) as refused:
        parse_event_file(data)
    assert str(refused.value) == (
        "team 4 (Eights): not in round 1. A round robin takes no new teams once round 1 is "
        "paired: its schedule of every team meeting every other was fixed then."
    )
    # Withdrawn before round 1 is no late entry; a bye in round 1 is a place in it.
    late = [dict(team) for team in TEAMS[:5]]
    late[4]["withdrawn"] = True
    assert parse_event_file(event([one], pairing="round_robin", teams=late)).rounds
    with_bye = {"tables": [table(0, 1), table(2, 3)], "byes": [4]}
    assert parse_event_file(event([with_bye], pairing="round_robin", teams=TEAMS[:5])).rounds


def test_an_elimination_file_that_adds_a_team_after_round_1_is_refused_too():
    one = {"tables": [table(0, 1)]}
    data = event([one], pairing="single_elimination", teams=TEAMS[:3])
    with pytest.raises(EventFileError) as refused:
        parse_event_file(data)
    assert str(refused.value).startswith("team 2 (Clubs): not in round 1. An elimination takes")


# Progressive penalties ---------------------------------------------------------------------


def test_a_progressive_penalty_comes_off_the_penalised_player_alone():
    one = {"tables": [
        {"teams": [0, 1, 2, 3], "game": played(8)},  # Ann and Cat 71, Ben and Dan -60
        {"teams": [4, 5, 6, 7], "game": played(8)},
    ]}  # fmt: skip
    data = event([one], pairing="progressive", teams=PLAYERS[:8])
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "points": 140, "reason": "renege"}]
    lines = {line["name"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert lines["Ann"]["points_for"] == 71 - 140
    assert lines["Cat"]["points_for"] == 71  # her partner keeps what they made
    # The table's result stands: the partner did nothing wrong, and the opponents' figures
    # are as played.
    assert (lines["Ann"]["wins"], lines["Cat"]["wins"], lines["Ben"]["losses"]) == (1, 1, 1)
    assert lines["Ben"]["point_difference"] == -60 - 71
    assert lines["Ann"]["games"][0].endswith("; penalty: 140 points off Ann (renege)")
    assert lines["Cat"]["games"][0].endswith("; penalty: 140 points off Ann (renege)")


def test_a_teams_penalty_still_comes_off_its_side_and_can_change_the_result():
    data = event([{"tables": [table(0, 1, took=8)]}], teams=TEAMS[:2])  # Aces 71, Books -60
    data["penalties"] = [{"round": 1, "table": 1, "team": 0, "points": 140, "reason": "renege"}]
    lines = {line["team"]: line for line in summarize(parse_event_file(data))["standings"]}
    assert (lines[0]["points_for"], lines[0]["losses"], lines[1]["points_for"]) == (-69, 1, -60)
    assert lines[1]["point_difference"] == -60 + 69


# Elimination by the file -------------------------------------------------------------------


def play(data, winner=lambda first, second: first, stop=None):
    """Pair and play `data`'s event to its end (or until `stop(summary)`), the first team of
    each table winning unless `winner` says; the last summary."""
    while True:
        summary = summarize(parse_event_file(data))
        if summary["finished"] or (stop and stop(summary)):
            return summary
        pairing = summary["next_round"]
        tables = []
        for item in pairing["tables"]:
            first, second = item["teams"]
            took = 8 if winner(first, second) == first else 5
            tables.append(table(first, second, took))
        data["rounds"].append({"tables": tables, "byes": pairing["byes"], **_stage(pairing)})


def _stage(pairing):
    return {"stage": pairing["stage"]} if "stage" in pairing else {}


def test_a_6_team_single_elimination_round_by_round_and_its_places():
    data = event(pairing="single_elimination", teams=TEAMS[:6])
    first = summarize(parse_event_file(data))["next_round"]
    assert first == {
        "tables": [{"table": 1, "teams": [2, 5]}, {"table": 2, "teams": [3, 4]}],
        "byes": [0, 1],
    }
    over = play(data, winner=lambda first, second: min(first, second))
    assert [[t["teams"] for t in r["tables"]] for r in data["rounds"]] == [
        [[2, 5], [3, 4]],
        [[0, 3], [1, 2]],
        [[0, 1]],
    ]
    assert over["winner"] == 0
    assert over["places"] == [
        {"place": 1, "shared": False, "team": 0},
        {"place": 2, "shared": False, "team": 1},
        {"place": 3, "shared": True, "team": 2},
        {"place": 3, "shared": True, "team": 3},
        {"place": 5, "shared": True, "team": 4},
        {"place": 5, "shared": True, "team": 5},
    ]


def test_a_semi_finalist_who_withdraws_gives_the_final_by_walkover_and_the_event_its_winner():
    teams = [dict(team) for team in TEAMS[:4]]
    data = event(pairing="single_elimination", teams=teams)
    semis = play(data, stop=lambda summary: len(data["rounds"]) == 1)
    assert semis["next_round"]["tables"] == [{"table": 1, "teams": [0, 1]}]
    teams[0]["withdrawn"] = True  # Aces won their semi-final, then left
    over = summarize(parse_event_file(data))
    assert (over["finished"], over["winner"], over["next_round"]) == (True, 1, None)
    assert [(p["place"], p["shared"], p["team"]) for p in over["places"]] == [
        (1, False, 1),
        (2, False, 0),
        (3, True, 2),
        (3, True, 3),
    ]


def test_a_double_elimination_from_the_file_ends_with_its_places():
    over = play(event(pairing="double_elimination", teams=TEAMS[:4]))
    assert over["winner"] == 0
    assert [place["place"] for place in over["places"]] == [1, 2, 3, 4]
    assert "places" not in summarize(parse_event_file(event(pairing="double_elimination")))


def test_places_are_the_standings_ranks_for_a_swiss_and_only_once_it_is_over():
    data = event(teams=TEAMS[:4], rounds=2)
    assert "places" not in summarize(parse_event_file(data))
    over = play(data)
    ranks = [(line["rank"], line["shared"], line["team"]) for line in over["standings"]]
    assert [(p["place"], p["shared"], p["team"]) for p in over["places"]] == ranks
    assert over["winner"] == over["places"][0]["team"]


def test_a_most_wins_event_places_its_playoff_by_the_bracket_then_the_rest():
    data = event([], pairing="most_wins", teams=TEAMS[:6], rounds=2, playoff=4)
    over = play(data)
    seeds = over["playoff"]["seeds"]
    places = [(p["place"], p["shared"], p["team"]) for p in over["places"]]
    assert places[:4] == [
        (1, False, seeds[0]),
        (2, False, seeds[1]),
        (3, True, seeds[2]),
        (3, True, seeds[3]),
    ]
    rest = [line["team"] for line in over["standings"] if line["team"] not in seeds]
    assert [team for _, _, team in places[4:]] == rest
    assert all(place >= 5 for place, _, _ in places[4:])


# Swiss, simulated --------------------------------------------------------------------------


def simulate(count, rounds, winner):
    """A Swiss event of `count` teams and `rounds` rounds through the pairing the Swiss format
    uses, `winner(first, second, round)` deciding each game; the rematches it paired."""
    teams = [f"T{n:02}" for n in range(count)]
    points = dict.fromkeys(teams, 0)
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    rematches = []
    for number in range(rounds):
        ranked = sorted(teams, key=lambda team: (-points[team], team))
        pairing = swiss(ranked, met, had_bye, rounds_left=rounds - number - 1, scores=points)
        assert sorted(pairing.teams()) == sorted(teams)
        for first, second in pairing.games:
            if frozenset((first, second)) in met:
                rematches.append((number + 1, first, second))
            met.add(frozenset((first, second)))
            points[winner(first, second, number)] += 2
        for bye in pairing.byes:
            assert bye not in had_bye
            had_bye.add(bye)
            points[bye] += 2
    return rematches


RULES = {
    "the better name": lambda first, second, number: min(first, second),
    "the worse name": lambda first, second, number: max(first, second),
    "the first team": lambda first, second, number: first,
    "the second team": lambda first, second, number: second,
    "a hash": lambda first, second, number: (
        first if zlib.crc32(f"{first}{second}{number}".encode()) % 2 else second
    ),
}


@pytest.mark.parametrize("rule", sorted(RULES))
@pytest.mark.parametrize(("count", "rounds"), [(40, 20), (8, 7), (10, 9), (9, 9)])
def test_a_simulated_swiss_never_pairs_a_rematch(count, rounds, rule):
    assert simulate(count, rounds, RULES[rule]) == []


def test_the_swiss_look_ahead_is_what_saves_the_last_rounds(monkeypatch):
    # Without looking ahead, 10 teams over 9 rounds (the second team always winning) reach a
    # round with no pairing but rematches: the simulation above passes because of it.
    import games.events.pairings as pairings

    plain = pairings.swiss
    monkeypatch.setattr(
        "tests.events.test_formats.swiss",
        lambda ranked, met, had_bye, rounds_left, scores: plain(ranked, met, had_bye, 0, scores),
    )
    assert simulate(10, 9, RULES["the second team"]) != []


def test_where_the_quick_search_gives_up_the_matching_still_avoids_every_rematch(monkeypatch):
    monkeypatch.setattr("games.events.pairings.SEARCH_LIMIT", 0)
    assert simulate(40, 20, RULES["a hash"]) == []
    assert simulate(8, 7, RULES["the better name"]) == []


def test_the_matching_prefers_small_score_differences_then_the_standings_order(monkeypatch):
    monkeypatch.setattr("games.events.pairings.SEARCH_LIMIT", 0)
    ranked = ["A", "B", "C", "D", "E", "F"]
    scores = {"A": 4, "B": 4, "C": 2, "D": 2, "E": 0, "F": 0}
    # A-B and C-D met: no rematch first, then the smallest floats (A-C, B-D), then order.
    met = {frozenset("AB"), frozenset("CD")}
    assert swiss(ranked, met, scores=scores).games == (("A", "C"), ("B", "D"), ("E", "F"))
    # With no score to go by, neighbours in the standings meet.
    assert swiss(ranked).games == (("A", "B"), ("C", "D"), ("E", "F"))
