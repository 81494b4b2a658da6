"""The filter of the game history: by player and by state."""

from django import forms

from games.scoring.limits import MAX_PLAYER_NAME_CODE_POINTS


class HistoryFilter(forms.Form):
    player = forms.CharField(
        label="Player",
        required=False,
        max_length=MAX_PLAYER_NAME_CODE_POINTS,
        widget=forms.TextInput({"type": "search"}),
    )
    state = forms.ChoiceField(
        label="Games",
        required=False,
        choices=[("", "All games"), ("playing", "In progress"), ("finished", "Finished")],
    )
