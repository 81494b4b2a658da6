"""Hypothesis strategies that build legal rules and legal hands for given rules."""

from hypothesis import assume
from hypothesis import strategies as st

from games.scoring import (
    BLIND_NIL,
    NIL,
    SETTINGS,
    BidError,
    Hand,
    Rules,
    RulesError,
    bid_tricks,
    blind_bid,
    is_nil,
    validate_bids,
)

# Small ranges where a large value would make most hands illegal or most games end at once.
SMALL = {
    "min_team_bid": 6,
    "min_total_bid": 8,
    "blind_bid_min": 13,
    "first_hand_bids_itself": 8,
    "big_bid_min": 13,
    "sets_to_lose": 6,
    "sets_in_a_row_to_lose": 4,
    "hand_limit": 30,
    "tie_block_hands": 5,
    "bag_back": 15,
}


@st.composite
def rules(draw, **fixed):
    """Random valid rules: draw every setting, keep the combinations the rules accept."""
    players = fixed.pop("players", None) or draw(st.sampled_from((2, 3, 4, 4, 4)))
    partnerships = players == 4 and draw(st.booleans())
    values = {"players": players, "partnerships": partnerships}
    for setting in SETTINGS:
        if setting.name in values:
            continue
        if setting.kind == "bool":
            values[setting.name] = draw(st.booleans())
        elif setting.kind == "choice":
            values[setting.name] = draw(st.sampled_from([value for value, _ in setting.choices]))
        else:
            low = setting.minimum if setting.minimum is not None else 0
            high = min(setting.maximum if setting.maximum is not None else 1000, 1000)
            high = SMALL.get(setting.name, high)
            number = st.integers(low, high)
            if setting.kind == "optional_int":
                number = st.none() | number
            values[setting.name] = draw(number)
    values["target_score"] = draw(st.integers(200, 2000))
    values["losing_score"] = draw(st.none() | st.integers(-2000, -100))
    variant = values["variant"]
    if not partnerships:
        if variant == "suicide":
            variant = values["variant"] = "classic"
        values["both_nil"] = "separate"
        values["nil_partner_exact"] = False
    if variant == "mirrors":
        # The total is fixed by the spades dealt, so the limits on totals rarely meet it.
        values.update(min_team_bid=None, min_total_bid=None, ban_exact_total=False)
    if variant in ("mirrors", "whiz", "blind_nil_all"):
        values["blind_bid_min"] = None
    if variant == "blind_nil_all":
        values.update(blind_nil=True, blind_nil_behind=None, min_total_bid=None)
        if values["both_nil"] == "forbidden":
            values["both_nil"] = "separate"
    values.update(fixed)
    try:
        return Rules(**values)
    except RulesError as error:  # pragma: no cover - the fixes above should cover every case
        raise AssertionError(f"strategy built invalid rules: {error}") from error


def split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


def _ordinary(bids) -> int:
    return sum(bid_tricks(bid) or 0 for bid in bids)


@st.composite
def legal_bids(draw, table_rules: Rules):
    """Bids that satisfy every bidding rule that doesn't depend on the score."""
    count = table_rules.players
    total = table_rules.tricks_per_hand
    variant = table_rules.variant
    blind_ok = table_rules.blind_nil and table_rules.blind_nil_behind is None
    lowest_blind = table_rules.blind_bid_min
    blind_bids_ok = lowest_blind is not None and table_rules.blind_bid_behind is None
    minimum = table_rules.min_team_bid or 0
    number = st.integers(1, total)
    if blind_bids_ok:
        number = number | st.integers(lowest_blind, total).map(blind_bid)
    if variant == "blind_nil_all":
        return [BLIND_NIL] * count
    if variant == "mirrors":
        spades = split(draw, 13, count) if count > 2 else split(draw, draw(st.integers(0, 13)), 2)
        if table_rules.both_nil == "forbidden":
            # Partners dealt no spades between them must both bid nil: no legal bids exist.
            assume(all(any(spades[seat] for seat in side) for side in table_rules.sides))
        return [bid if bid else NIL for bid in spades]
    if variant == "suicide":
        bids: list = [None] * 4
        for side in table_rules.sides:
            nil_seat = draw(st.sampled_from(side))
            for seat in side:
                bids[seat] = NIL if seat == nil_seat else draw(st.integers(max(1, minimum), total))
    else:
        choices = [number, number, number, st.just(NIL)]
        if variant == "classic" and blind_ok:
            choices.append(st.just(BLIND_NIL))
        if variant == "classic" and not table_rules.zero_is_nil:
            choices.append(st.just(0))
        bids = [draw(st.one_of(*choices)) for _ in range(count)]
    if table_rules.both_nil == "forbidden":
        for first, second in (side for side in table_rules.sides if len(side) == 2):
            if is_nil(bids[first]) and is_nil(bids[second]):
                bids[second] = draw(st.integers(max(1, minimum), total))
    if minimum:
        for side in table_rules.sides:
            numbers = [seat for seat in side if not is_nil(bids[seat])]
            if numbers and _ordinary(bids[seat] for seat in numbers) < minimum:
                for seat in numbers:
                    bids[seat] = 0 if not table_rules.zero_is_nil else 1
                bids[numbers[0]] = minimum - (len(numbers) - 1) * bids[numbers[-1]]
    if table_rules.min_total_bid is not None:
        short = table_rules.min_total_bid - _ordinary(bids)
        if short > 0:
            seat = next((seat for seat, bid in enumerate(bids) if type(bid) is int), 0)
            base = bids[seat] if type(bids[seat]) is int else 0
            assume(base + short <= total)
            bids[seat] = base + short
    if table_rules.ban_exact_total and _ordinary(bids) == total:
        seat = next((seat for seat, bid in enumerate(bids) if type(bid) is int and bid < total), 0)
        assume(type(bids[seat]) is int and bids[seat] < total)
        bids[seat] += 1
    try:
        validate_bids(table_rules, bids)
    except BidError:  # a rare mix of limits the fixes above don't meet
        assume(False)
    return bids


@st.composite
def legal_hand(draw, table_rules: Rules, played: bool = True, first: bool = False):
    """Bids that satisfy the bidding rules (bids allowed only when behind left out), sometimes
    written as team totals, and tricks that add up. `first`: the first hand of a game, which
    has no bids where the first hand bids itself."""
    count = table_rules.players
    total = table_rules.tricks_per_hand
    if first and table_rules.first_hand_bids_itself is not None:
        bids = None
    else:
        bids = draw(legal_bids(table_rules))
        if table_rules.partnerships and table_rules.variant != "mirrors" and draw(st.booleans()):
            # A side bidding as a team: its total on one partner, nothing on the other.
            side = draw(st.sampled_from(table_rules.sides))
            numbers = [bids[seat] for seat in side]
            if all(type(bid) is int and bid for bid in numbers) and sum(numbers) <= total:
                keep, blank = side if draw(st.booleans()) else side[::-1]
                bids[keep], bids[blank] = sum(numbers), None
    tricks = None
    if played:
        tricks = split(draw, total, count)
        if table_rules.partnerships and draw(st.booleans()):
            side = draw(st.sampled_from(table_rules.sides))
            if bids is None or not any(is_nil(bids[seat]) for seat in side):
                keep, blank = side if draw(st.booleans()) else side[::-1]
                tricks[keep] += tricks[blank]
                tricks[blank] = None
    return Hand(tuple(bids) if bids is not None else None, tuple(tricks) if played else None)


@st.composite
def legal_game(draw, table_rules: Rules, max_hands: int = 12):
    size = draw(st.integers(0, max_hands))
    return [draw(legal_hand(table_rules, first=number == 0)) for number in range(size)]
