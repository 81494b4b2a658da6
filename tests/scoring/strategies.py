"""Hypothesis strategies that build legal rules and legal hands for given rules."""

from hypothesis import strategies as st

from games.scoring import BLIND_NIL, NIL, SETTINGS, Hand, Rules, RulesError


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
            if setting.name == "min_team_bid":
                high = 6
            number = st.integers(low, high)
            if setting.kind == "optional_int":
                number = st.none() | number
            values[setting.name] = draw(number)
    values["target_score"] = draw(st.integers(200, 2000))
    values["losing_score"] = draw(st.none() | st.integers(-2000, -100))
    if not partnerships:
        if values["variant"] == "suicide":
            values["variant"] = "classic"
        values["both_nil"] = "separate"
    if values["variant"] == "mirrors":
        values["min_team_bid"] = None  # the two rarely meet at a real table
    if values["variant"] == "blind_nil_all":
        values["blind_nil"] = True
        values["blind_nil_behind"] = None
    values.update(fixed)
    try:
        return Rules(**values)
    except RulesError as error:  # pragma: no cover - the fixes above should cover every case
        raise AssertionError(f"strategy built invalid rules: {error}") from error


def split(draw, total: int, parts: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


@st.composite
def legal_hand(draw, table_rules: Rules, played: bool = True):
    """Bids that satisfy the variant, blind nil and minimum rules (blind nil only when
    it needs no particular score), and tricks that add up."""
    count = table_rules.players
    total = table_rules.tricks_per_hand
    variant = table_rules.variant
    blind_ok = table_rules.blind_nil and table_rules.blind_nil_behind is None
    minimum = table_rules.min_team_bid or 0
    number = st.integers(1, total)
    if variant == "blind_nil_all":
        bids = [BLIND_NIL] * count
    elif variant == "suicide":
        bids = [None] * 4
        for side in table_rules.sides:
            nil_seat = draw(st.sampled_from(side))
            for seat in side:
                bids[seat] = NIL if seat == nil_seat else draw(st.integers(max(1, minimum), total))
    elif variant == "mirrors":
        bids = split(draw, total, count)
        bids = [bid if bid else NIL for bid in bids]
    else:
        choices = [number, number, number, st.just(NIL)]
        if variant == "classic" and blind_ok:
            choices.append(st.just(BLIND_NIL))
        if variant == "classic" and not table_rules.zero_is_nil:
            choices.append(st.just(0))
        bids = [draw(st.one_of(*choices)) for _ in range(count)]
    if minimum and variant not in ("blind_nil_all", "mirrors"):
        for side in table_rules.sides:
            numbers = [seat for seat in side if type(bids[seat]) is int]
            if numbers and sum(bids[seat] for seat in numbers) < minimum:
                bids[numbers[0]] = minimum
    tricks = None
    if played:
        tricks = split(draw, total, count)
        if table_rules.partnerships and draw(st.booleans()):
            side = draw(st.sampled_from(table_rules.sides))
            if all(type(bids[seat]) is int for seat in side):
                keep, blank = side if draw(st.booleans()) else side[::-1]
                tricks[keep] += tricks[blank]
                tricks[blank] = None
    return Hand(tuple(bids), tuple(tricks) if tricks is not None else None)


@st.composite
def legal_game(draw, table_rules: Rules, max_hands: int = 12):
    hands = draw(st.lists(legal_hand(table_rules), max_size=max_hands))
    return hands
