"""The table's forms: a hand's bids, its tricks, and the correction of a recorded hand."""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django import forms
from django.forms import BoundField
from django.http import QueryDict
from django.utils.choices import BaseChoiceIterator

from games import scoring


class KeyPad(forms.RadioSelect):
    """Radio buttons drawn as big keys (widgets/keypad.html): one tap per choice, no typing.

    `offered` is the key the tricks step fills in as the remainder, marked for a second look.
    `lean` (htmx answers only, where app.js is there) draws the first key and lists the rest
    for app.js to copy it for each: a pad of keys is most of the bytes of the swap after a
    recorded hand, and the seats' lists are alike, so they compress to almost nothing."""

    template_name = "widgets/keypad.html"

    def __init__(
        self,
        *args: Any,
        wide: bool = False,
        offered: str | None = None,
        lean: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.wide = wide
        self.offered = offered
        self.lean = lean

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        widget = context["widget"]
        widget.update(wide=self.wide, offered=self.offered, lean=self.lean)
        keys = [key for _, group, _ in widget["optgroups"] for key in group]
        widget.update(keys=keys, drawn=keys[:1] if self.lean else keys)
        return context


class Keys(BaseChoiceIterator):
    """Choices already in the form Django normalises them to, so a field takes them as they
    are: normalising every pad's keys again was half the cost of building the bids form."""

    def __init__(self, keys: tuple[tuple[str, str], ...]) -> None:
        self.keys = keys

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self.keys)

    def __len__(self) -> int:
        return len(self.keys)


def bid_choices(
    rules: scoring.Rules,
    seat: int | None = None,
    scores: Sequence[int] | None = None,
    *,
    team: bool = False,
) -> Keys:
    """The keys of one bidding pad: every bid the rules allow, or with the seat and the sides'
    scores, only those it may make now (blind bids can need the side to trail)."""
    return Keys(_bid_keys(rules, seat, None if scores is None else tuple(scores), team))


@lru_cache(maxsize=4096)
def _bid_keys(
    rules: scoring.Rules, seat: int | None, scores: tuple[int, ...] | None, team: bool
) -> tuple[tuple[str, str], ...]:
    options = scoring.bid_options(rules, seat, scores, team=team)
    return tuple((scoring.bid_key(bid), scoring.bid_label(bid)) for bid in options)


@dataclass(frozen=True)
class Pad:
    """One pad of a step: `who` names it in the step's summary of what has been tapped;
    `side` and `team` let the bids step show a side's seats or its team pad, whichever its
    "bid as a team" box asks for."""

    field: BoundField
    who: str
    side: int | None = None
    team: bool = False


class BidsForm(forms.Form):
    """Step 1 of a hand: every seat's bid. Shown in the order the table bids (`arrange`);
    read in any order, so a post is checked without working out who bids first.

    Where the rules allow team bids, a side may tick "bid as a team" and tap its total on one
    pad: it is stored on the side's first seat with a blank bid for the partner. A post offers
    every bid the rules allow and the replay judges the score-dependent ones (blind bids when
    behind), so its message sits next to the seat; the page narrows the keys with `offer`.
    """

    def __init__(
        self,
        *args: Any,
        rules: scoring.Rules,
        players: Sequence[str],
        first_bidder: int | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        lean: bool = False,
        **kw: Any,
    ) -> None:
        super().__init__(*args, **kw)
        self.rules = rules
        self.players = players
        self.order = list(range(rules.players))
        wide = rules.variant == "blind_nil_all"
        for seat in range(rules.players):
            field = forms.ChoiceField(
                label=players[seat],
                choices=bid_choices(rules),
                widget=KeyPad(wide=wide, lean=lean),
                error_messages={
                    "required": f"Choose {players[seat]}'s bid.",
                    "invalid_choice": f"Choose {players[seat]}'s bid from the keys.",
                },
            )
            keys = bid_choices(rules)
            if len(keys) == 1:
                field.initial = keys[0][0]
            self.fields[f"bid_{seat}"] = field
        # The sides that may bid as a team, and those that do in this post.
        self.team_sides = []
        self.teams = set()
        if scoring.bid_options(rules, team=True):
            self.team_sides = [i for i, seats in enumerate(rules.sides) if len(seats) > 1]
        for index in self.team_sides:
            names = " + ".join(players[seat] for seat in rules.sides[index])
            self.fields[f"team_{index}"] = forms.BooleanField(
                label=f"{names} bid as a team", required=False
            )
            self.fields[f"team_bid_{index}"] = forms.ChoiceField(
                label=f"{names} as a team",
                choices=bid_choices(rules, team=True),
                widget=KeyPad(lean=lean),
                error_messages={
                    "required": f"Choose {names}'s bid.",
                    "invalid_choice": f"Choose {names}'s bid from the keys.",
                },
            )
            toggle = self.fields[f"team_{index}"].widget
            if self.is_bound and toggle.value_from_datadict(
                self.data, self.files, self.add_prefix(f"team_{index}")
            ):
                self.teams.add(index)
            for seat in rules.sides[index]:
                self.fields[f"bid_{seat}"].required = index not in self.teams
            self.fields[f"team_bid_{index}"].required = index in self.teams
        if scores:
            self.offer(scores)
        if first_bidder is not None:
            self.arrange(first_bidder, dealer)

    def offer(self, scores: Sequence[int]) -> "BidsForm":
        """Keys for the bids each seat may make now, given the sides' scores before the hand."""
        for seat in range(self.rules.players):
            pad = self.fields[f"bid_{seat}"]
            assert isinstance(pad, forms.ChoiceField)
            pad.choices = bid_choices(self.rules, seat, scores)
        for index in self.team_sides:
            seat = self.rules.sides[index][0]
            choices = bid_choices(self.rules, seat, scores, team=True)
            team_pad = self.fields[f"team_bid_{index}"]
            assert isinstance(team_pad, forms.ChoiceField)
            team_pad.choices = choices
        return self

    def arrange(self, first_bidder: int, dealer: int | None) -> "BidsForm":
        """Seats in bidding order, the first bidder and the dealer named."""
        seats = scoring.bidding_order(self.rules, first_bidder)
        for position, seat in enumerate(seats):
            note = " (bids first)" if position == 0 else (" (dealer)" if seat == dealer else "")
            label = f"{self.players[seat]}{note}"
            # A checked form has drawn its bound fields already, labels included.
            self.fields[f"bid_{seat}"].label = self[f"bid_{seat}"].label = label
        self.order = seats
        self.order_fields([f"bid_{seat}" for seat in seats])
        return self

    def toggles(self) -> list[BoundField]:
        return [self[f"team_{index}"] for index in self.team_sides]

    def pads(self) -> list[Pad]:
        """The pads in bidding order; a side's team pad comes where its first bidder's is."""
        pads = []
        placed = set()
        for seat in self.order:
            side = self.rules.side_of(seat)
            who = self.players[seat]
            if side not in self.team_sides:
                pads.append(Pad(self[f"bid_{seat}"], who))
                continue
            if side not in placed:
                placed.add(side)
                team = " + ".join(self.players[partner] for partner in self.rules.sides[side])
                pads.append(Pad(self[f"team_bid_{side}"], team, side, team=True))
            pads.append(Pad(self[f"bid_{seat}"], who, side))
        return pads

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        # The pads a side's choice hides are not read, so nothing left on them is an error.
        for index in self.team_sides:
            unused = [f"bid_{seat}" for seat in self.rules.sides[index]]
            if index not in self.teams:
                unused = [f"team_bid_{index}"]
            for name in unused:
                self.errors.pop(name, None)
        return cleaned

    def bids(self) -> list[scoring.Bid | None]:
        bids = [
            None
            if self.rules.side_of(seat) in self.teams
            else scoring.parse_bid_key(self.cleaned_data[f"bid_{seat}"])
            for seat in range(self.rules.players)
        ]
        for index in self.teams:
            first = self.rules.sides[index][0]
            bids[first] = scoring.parse_bid_key(self.cleaned_data[f"team_bid_{index}"])
        return bids

    def field_for_seat(self, seat: int | None, field: str | None = None) -> str | None:
        if seat is None or field not in (None, "bids"):
            return None
        side = self.rules.side_of(seat)
        return f"team_bid_{side}" if side in self.teams else f"bid_{seat}"


def posted_number(value: object) -> int | None:
    """A hand number from a hidden field, or None for anything that is not one."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 7:
        return int(value)
    return None


class TricksForm(forms.Form):
    """Step 2 of a hand: the tricks taken, per side or per seat (nil bidders on their own).

    `contracts` (each side's, from the replay) only label the keys; a post is read without.
    `bids` is None in a hand that bids itself."""

    def __init__(
        self,
        *args: Any,
        rules: scoring.Rules,
        players: Sequence[str],
        bids: Sequence[scoring.Bid | None] | None,
        contracts: Sequence[int] | None = None,
        lean: bool = False,
        **kw: Any,
    ) -> None:
        super().__init__(*args, **kw)
        self.rules = rules
        self.groups = [(i.name, i.seats) for i in scoring.trick_inputs(rules, bids)]
        self.names: dict[str, str] = {}
        choices = [(str(n), str(n)) for n in range(rules.tricks_per_hand + 1)]
        for name, seats in self.groups:
            who = self.names[name] = " + ".join(players[seat] for seat in seats)
            if len(seats) == 1 and bids is not None and bids[seats[0]] is not None:
                label = f"{who} ({scoring.bid_label(bids[seats[0]])})"
            elif contracts is not None:
                label = f"{who} (bid {contracts[rules.side_of(seats[0])]})"
            else:
                label = who
            self.fields[name] = forms.TypedChoiceField(
                label=label,
                choices=choices,
                coerce=int,
                required=False,
                widget=KeyPad(lean=lean),
                error_messages={"invalid_choice": "Choose the tricks from the keys."},
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        empty = [name for name, _ in self.groups if cleaned.get(name) in (None, "")]
        taken = sum(cleaned[name] for name, _ in self.groups if name not in empty)
        total = self.rules.tricks_per_hand
        if len(empty) == 1:
            rest = total - taken
            if 0 <= rest <= total:
                self.add_error(empty[0], f"Not entered yet: the tricks left over are {rest}.")
                data = self.data.copy() if isinstance(self.data, QueryDict) else dict(self.data)
                data[empty[0]] = str(rest)
                self.data = data
                self.fields[empty[0]].widget.offered = str(rest)
            else:
                self.add_error(empty[0], "Not entered yet.")
        else:
            for name in empty:
                self.add_error(name, "Not entered yet.")
        return cleaned

    def pads(self) -> list[Pad]:
        return [Pad(self[name], self.names[name]) for name, _ in self.groups]

    def tricks(self) -> list[int | None]:
        per_seat: list[int | None] = [None] * self.rules.players
        for name, seats in self.groups:
            per_seat[seats[0]] = self.cleaned_data[name]
        return per_seat

    def field_for_seat(self, seat: int | None, field: str | None = None) -> str | None:
        if seat is None or field not in (None, "tricks"):
            return None
        for name, seats in self.groups:
            if seat in seats:
                return name
        return None


class EditHandForm(forms.Form):
    """Correct a recorded hand: every seat's bid and tricks, as the game file writes them.

    The bids are every one the rules allow, and a blank where a bid may be left out: the
    partner of a side that bid as a team, or a hand that bids itself (every bid blank). The
    replay judges the whole hand."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(
        self,
        *args: Any,
        rules: scoring.Rules,
        players: Sequence[str],
        allow_no_tricks: bool,
        bids_itself: bool = False,
        **kw: Any,
    ) -> None:
        super().__init__(*args, **kw)
        self.rules = rules
        self.players = players
        self.seats = range(rules.players)
        self.bids_itself = bids_itself
        bid_opts: list[tuple[str, str]] = [*bid_choices(rules)]
        blank = bids_itself or bool(scoring.bid_options(rules, team=True))
        if blank:
            bid_opts = [("", "No bid"), *bid_opts]
        trick_opts = [("", "—" if not allow_no_tricks else "Not played")]
        trick_opts += [(str(n), str(n)) for n in range(rules.tricks_per_hand + 1)]
        for seat in self.seats:
            # Keys, as at the table: one tap a choice (app.js opens one seat's at a time).
            self.fields[f"bid_{seat}"] = forms.ChoiceField(
                label="Bid",
                choices=bid_opts,
                widget=KeyPad(wide=rules.variant == "blind_nil_all"),
                required=not blank,
                error_messages={
                    "required": f"Choose {players[seat]}'s bid.",
                    "invalid_choice": f"Choose {players[seat]}'s bid from the keys.",
                },
            )
            self.fields[f"tricks_{seat}"] = forms.TypedChoiceField(
                label="Tricks",
                choices=trick_opts,
                widget=KeyPad(),
                coerce=int,
                required=False,
                empty_value=None,
                error_messages={"invalid_choice": "Choose the tricks from the keys."},
            )

    def seat_rows(self) -> list[tuple[str, BoundField, BoundField]]:
        return [
            (self.players[seat], self[f"bid_{seat}"], self[f"tricks_{seat}"]) for seat in self.seats
        ]

    def bids(self) -> list[scoring.Bid | None] | None:
        """The bids, a blank one as None; None when every bid is blank (a hand that bids
        itself, or bids left out, which the replay names)."""
        keys = [self.cleaned_data[f"bid_{seat}"] for seat in self.seats]
        if all(key == "" for key in keys):
            return None
        return [None if key == "" else scoring.parse_bid_key(key) for key in keys]

    def tricks(self) -> list[int | None] | None:
        tricks = [self.cleaned_data[f"tricks_{seat}"] for seat in self.seats]
        return None if all(t is None for t in tricks) else tricks

    def field_for_seat(self, seat: int | None, field: str | None) -> str | None:
        if seat is None or field not in ("bids", "tricks"):
            return None
        return f"{'tricks' if field == 'tricks' else 'bid'}_{seat}"
