"""Forms for the table: they read what a player tapped; the scoring package judges it."""

from django import forms
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games import scoring

MAX_NAME = 40
SEAT_COUNT = 4
MAX_GAME_FILE = 5 * 1024 * 1024


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


def bid_label(bid) -> str:
    if bid == scoring.NIL:
        return "Nil"
    if bid == scoring.BLIND_NIL:
        return "Blind nil"
    return str(bid)


def bid_choices(rules: scoring.Rules) -> list[tuple[str, str]]:
    return [(str(bid), bid_label(bid)) for bid in scoring.bid_options(rules)]


def parse_bid(value: str):
    return value if value in (scoring.NIL, scoring.BLIND_NIL) else int(value)


def bidding_order(rules: scoring.Rules, first_bidder: int) -> list[int]:
    return [(first_bidder + i) % rules.players for i in range(rules.players)]


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
        seats = bidding_order(self.rules, first_bidder)
        for position, seat in enumerate(seats):
            note = " (bids first)" if position == 0 else (" (dealer)" if seat == dealer else "")
            self.fields[f"bid_{seat}"].label = f"{self.players[seat]}{note}"
        self.order_fields(["hand", *(f"bid_{seat}" for seat in seats)])
        return self

    def bids(self) -> list:
        return [parse_bid(self.cleaned_data[f"bid_{seat}"]) for seat in range(self.rules.players)]

    def field_for_seat(self, seat: int | None, field: str | None = None) -> str | None:
        return f"bid_{seat}" if seat is not None and field in (None, "bids") else None


def posted_number(value) -> int | None:
    """A hand number from a hidden field, or None for anything that is not one."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 7:
        return int(value)
    return None


def trick_groups(rules: scoring.Rules, bids) -> list[tuple[str, tuple[int, ...]]]:
    """The entries the tricks step asks for: a side's total where no one on it bid nil."""
    groups = []
    for side_index, seats in enumerate(rules.sides):
        nil_on_side = any(bids[seat] in (scoring.NIL, scoring.BLIND_NIL) for seat in seats)
        if len(seats) > 1 and not nil_on_side:
            groups.append((f"side_{side_index}", seats))
        else:
            groups.extend((f"tricks_{seat}", (seat,)) for seat in seats)
    return groups


class TricksForm(forms.Form):
    """Step 2 of a hand: the tricks taken, per side or per seat (nil bidders on their own).

    `contracts` (each side's, from the replay) only label the keys; a post is read without."""

    hand = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, rules, players, bids, contracts=None, **kw):
        super().__init__(*args, **kw)
        self.rules = rules
        self.groups = trick_groups(rules, bids) if bids else []
        choices = [(str(n), str(n)) for n in range(rules.tricks_per_hand + 1)]
        for name, seats in self.groups:
            who = " + ".join(players[seat] for seat in seats)
            if len(seats) == 1:
                label = f"{who} ({bid_label(bids[seats[0]])})"
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

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        empty = [name for name, _ in self.groups if cleaned.get(name) in (None, "")]
        taken = sum(cleaned[name] for name, _ in self.groups if name not in empty)
        total = self.rules.tricks_per_hand
        if len(empty) == 1:
            rest = total - taken
            if 0 <= rest <= total:
                self.add_error(empty[0], f"Not entered yet: the tricks left over are {rest}.")
                self.data = self.data.copy()
                self.data[empty[0]] = str(rest)
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
        return [parse_bid(self.cleaned_data[f"bid_{seat}"]) for seat in self.seats]

    def tricks(self) -> list | None:
        tricks = [self.cleaned_data[f"tricks_{seat}"] for seat in self.seats]
        return None if all(t is None for t in tricks) else tricks

    def field_for_seat(self, seat: int | None, field: str | None) -> str | None:
        if seat is None or field not in ("bids", "tricks"):
            return None
        return f"{'tricks' if field == 'tricks' else 'bid'}_{seat}"


class NewGameForm(forms.Form):
    """A new table: names, a preset, any house rules changed, and who deals first."""

    name = forms.CharField(
        max_length=80,
        required=False,
        label="Name of the game",
        help_text="Optional, e.g. “Friday at Cat's”.",
    )
    preset = forms.ChoiceField(label="Rules", help_text="A starting set; change any rule below.")
    first_dealer = forms.TypedChoiceField(
        label="Who deals first",
        coerce=int,
        choices=[(str(seat), f"Seat {seat + 1}") for seat in range(SEAT_COUNT)],
        initial="0",
    )

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["preset"].choices = [
            (name, f"{preset.title}") for name, preset in scoring.PRESETS.items()
        ]
        self.fields["preset"].initial = "standard"
        for seat in range(SEAT_COUNT):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=f"Seat {seat + 1}",
                max_length=MAX_NAME,
                required=seat < 2,
                error_messages={
                    "required": "Enter a name.",
                    "max_length": f"Keep the name to {MAX_NAME} letters or fewer.",
                },
                help_text=(
                    "Partners sit opposite: seats 1 and 3 play seats 2 and 4."
                    if seat == 0
                    else ("Leave empty for a 2- or 3-player game." if seat >= 2 else "")
                ),
            )
        for setting in scoring.SETTINGS:
            self.fields[f"rule_{setting.name}"] = rule_field(setting)

    def player_fields(self):
        return [self[f"player_{seat}"] for seat in range(SEAT_COUNT)]

    def rule_groups(self):
        groups: dict[str, list] = {}
        for setting in scoring.SETTINGS:
            groups.setdefault(setting.group, []).append((setting, self[f"rule_{setting.name}"]))
        return list(groups.items())

    def field_for_setting(self, setting: str | None) -> str | None:
        """Where a rules problem shows: next to the setting, the preset, or atop the form."""
        if setting == "preset":
            return "preset"
        field = f"rule_{setting}"
        return field if field in self.fields else None

    def overrides(self) -> dict:
        values = {}
        for setting in scoring.SETTINGS:
            value = self.cleaned_data.get(f"rule_{setting.name}")
            if value is not None and value != "":
                values[setting.name] = None if value == OFF else value
        return values

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            rules = scoring.Rules.from_dict({"preset": cleaned["preset"], **self.overrides()})
        except scoring.RulesError as error:
            self.add_error(self.field_for_setting(error.setting), error.problem)
            return cleaned
        names = [cleaned.get(f"player_{seat}", "").strip() for seat in range(SEAT_COUNT)]
        while names and not names[-1]:
            names.pop()
        if "" in names:
            self.add_error(
                f"player_{names.index('')}", "Enter a name, or leave the last seats empty."
            )
            return cleaned
        if len(names) != rules.players:
            # Name the first seat that is missing, or the first one too many.
            seat = min(len(names), rules.players)
            given = "1 name was" if len(names) == 1 else f"{len(names)} names were"
            self.add_error(
                f"player_{seat}",
                f"These rules are for {rules.players} players, but {given} given.",
            )
            return cleaned
        folded = [n.casefold() for n in names]
        for seat, name in enumerate(names):
            if not name.isprintable():
                self.add_error(f"player_{seat}", "A name must be one line, without tabs.")
                return cleaned
            if folded.index(folded[seat]) != seat:
                self.add_error(f"player_{seat}", "Two players can't share a name at one table.")
                return cleaned
        if cleaned["first_dealer"] >= rules.players:
            self.add_error("first_dealer", f"Choose one of the {rules.players} seats.")
            return cleaned
        cleaned["rules"] = rules
        cleaned["players"] = names
        return cleaned


OFF = "off"


def rule_field(setting: scoring.Setting) -> forms.Field:
    """A house-rule override; left empty, the preset's value stands."""
    common = {"label": setting.label, "help_text": setting.meaning, "required": False}
    as_preset = ("", "As the preset says")
    if setting.kind == "bool":
        return forms.TypedChoiceField(
            choices=[as_preset, ("true", setting.value_text), ("false", setting.off_text)],
            coerce=lambda v: v == "true",
            empty_value=None,
            **common,
        )
    if setting.kind == "choice":
        return forms.ChoiceField(choices=[as_preset, *setting.choices], **common)
    if setting.kind == "optional_int":
        return OptionalIntField(
            off_text=setting.off_text,
            min_value=setting.minimum,
            max_value=setting.maximum,
            **common,
        )
    return forms.IntegerField(min_value=setting.minimum, max_value=setting.maximum, **common)


class OptionalIntField(forms.MultiValueField):
    """A number, or 'off' (null in the rules), or nothing to keep the preset's value."""

    def __init__(self, *, off_text, min_value, max_value, **kwargs):
        fields = (
            forms.IntegerField(min_value=min_value, max_value=max_value, required=False),
            forms.BooleanField(required=False),
        )
        super().__init__(fields, require_all_fields=False, **kwargs)
        self.widget = OptionalIntWidget(off_text)

    def compress(self, data_list):
        if not data_list:
            return None
        number, off = data_list
        if off:
            return OFF
        return number


class OptionalIntWidget(forms.MultiWidget):
    template_name = "widgets/optional_int.html"

    def __init__(self, off_text):
        self.off_text = off_text
        super().__init__([forms.NumberInput(attrs={"inputmode": "numeric"}), forms.CheckboxInput()])

    def decompress(self, value):
        if value == OFF:
            return [None, True]
        return [value, False]

    def id_for_label(self, id_):
        # The field's label names the number box; the checkbox carries its own label.
        return f"{id_}_0" if id_ else ""

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["off_text"] = self.off_text
        return context


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Game file",
        help_text="A .json file exported from this app: one game, or all your games.",
        error_messages={
            "required": "Choose a game file to import.",
            "empty": "That file is empty: it can't be a game file.",
        },
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_GAME_FILE:
            raise forms.ValidationError(
                f"That file is over {MAX_GAME_FILE // 1024 // 1024} MB: it can't be a game file."
            )
        return upload.read()
