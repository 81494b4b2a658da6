"""The table's forms: a hand's bids, its tricks, and the correction of a recorded hand."""

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games import scoring


class KeyPad(forms.RadioSelect):
    """Radio buttons drawn as big keys: one tap per choice, no typing.

    Drawn in Python rather than with a template per key: a bids step has some sixty keys, and
    rendering them one template at a time was a third of the game page's cost.
    """

    def __init__(self, *args, wide=False, offered=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.wide = wide
        self.offered = offered

    def render(self, name, value, attrs=None, renderer=None):
        attrs = self.build_attrs(self.attrs, attrs)
        chosen = {str(v) for v in self.format_value(value)}
        extra = " required" if attrs.get("required") else ""
        if attrs.get("aria-describedby"):
            extra += f' aria-describedby="{escape(attrs["aria-describedby"])}"'
        name = escape(name)
        keys = []
        for option_value, label in self.choices:
            option_value = str(option_value)
            offered = " offered" if option_value == self.offered else ""
            checked = " checked" if option_value in chosen else ""
            keys.append(
                f'<label class="key{offered}"><input type="radio" name="{name}" '
                f'value="{escape(option_value)}"{checked}{extra}><span>{escape(label)}</span>'
                "</label>\n"
            )
        wide = " wide-keys" if self.wide else ""
        element_id = f' id="{escape(attrs["id"])}"' if attrs.get("id") else ""
        return mark_safe(f'<div class="keys{wide}"{element_id}>{"".join(keys)}</div>')


def bid_choices(rules: scoring.Rules) -> list[tuple[str, str]]:
    return [(scoring.bid_key(bid), scoring.bid_label(bid)) for bid in scoring.bid_options(rules)]


class BidsForm(forms.Form):
    """Step 1 of a hand: every seat's bid. Shown in the order the table bids (`arrange`);
    read in any order, so a post is checked without working out who bids first."""

    hand = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, rules, players, first_bidder=None, dealer=None, **kw):
        super().__init__(*args, **kw)
        self.rules = rules
        self.players = players
        choices = bid_choices(rules)
        for seat in range(rules.players):
            field = forms.ChoiceField(
                label=players[seat],
                choices=choices,
                widget=KeyPad(wide=rules.variant == "blind_nil_all"),
                error_messages={
                    "required": f"Choose {players[seat]}'s bid.",
                    "invalid_choice": f"Choose {players[seat]}'s bid from the keys.",
                },
            )
            if len(choices) == 1:
                field.initial = choices[0][0]
            self.fields[f"bid_{seat}"] = field
        if first_bidder is not None:
            self.arrange(first_bidder, dealer)

    def arrange(self, first_bidder: int, dealer: int | None) -> "BidsForm":
        """Seats in bidding order, the first bidder and the dealer named."""
        seats = scoring.bidding_order(self.rules, first_bidder)
        for position, seat in enumerate(seats):
            note = " (bids first)" if position == 0 else (" (dealer)" if seat == dealer else "")
            self.fields[f"bid_{seat}"].label = f"{self.players[seat]}{note}"
        self.order_fields(["hand", *(f"bid_{seat}" for seat in seats)])
        return self

    def bids(self) -> list:
        return [
            scoring.parse_bid_key(self.cleaned_data[f"bid_{seat}"])
            for seat in range(self.rules.players)
        ]

    def field_for_seat(self, seat: int | None, field: str | None = None) -> str | None:
        return f"bid_{seat}" if seat is not None and field in (None, "bids") else None


def posted_number(value) -> int | None:
    """A hand number from a hidden field, or None for anything that is not one."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 7:
        return int(value)
    return None


class TricksForm(forms.Form):
    """Step 2 of a hand: the tricks taken, per side or per seat (nil bidders on their own).

    `contracts` (each side's, from the replay) only label the keys; a post is read without."""

    hand = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, rules, players, bids, contracts=None, **kw):
        super().__init__(*args, **kw)
        self.rules = rules
        self.groups = [(i.name, i.seats) for i in scoring.trick_inputs(rules, bids)] if bids else []
        choices = [(str(n), str(n)) for n in range(rules.tricks_per_hand + 1)]
        for name, seats in self.groups:
            who = " + ".join(players[seat] for seat in seats)
            if len(seats) == 1:
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
                widget=KeyPad(),
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

    def tricks(self) -> list:
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
    """Correct a recorded hand: every seat's bid and tricks, as the game file writes them."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, rules, players, allow_no_tricks, **kw):
        super().__init__(*args, **kw)
        self.rules = rules
        self.players = players
        self.seats = range(rules.players)
        bid_opts = bid_choices(rules)
        trick_opts = [("", "—" if not allow_no_tricks else "— (not played yet)")]
        trick_opts += [(str(n), str(n)) for n in range(rules.tricks_per_hand + 1)]
        for seat in self.seats:
            self.fields[f"bid_{seat}"] = forms.ChoiceField(
                label="Bid",
                choices=bid_opts,
                error_messages={
                    "required": f"Choose {players[seat]}'s bid.",
                    "invalid_choice": f"Choose {players[seat]}'s bid from the list.",
                },
            )
            self.fields[f"tricks_{seat}"] = forms.TypedChoiceField(
                label="Tricks",
                choices=trick_opts,
                coerce=int,
                required=False,
                empty_value=None,
                error_messages={"invalid_choice": "Choose the tricks from the list."},
            )

    def seat_rows(self):
        return [
            (self.players[seat], self[f"bid_{seat}"], self[f"tricks_{seat}"]) for seat in self.seats
        ]

    def bids(self) -> list:
        return [scoring.parse_bid_key(self.cleaned_data[f"bid_{seat}"]) for seat in self.seats]

    def tricks(self) -> list | None:
        tricks = [self.cleaned_data[f"tricks_{seat}"] for seat in self.seats]
        return None if all(t is None for t in tricks) else tricks

    def field_for_seat(self, seat: int | None, field: str | None) -> str | None:
        if seat is None or field not in ("bids", "tricks"):
            return None
        return f"{'tricks' if field == 'tricks' else 'bid'}_{seat}"
