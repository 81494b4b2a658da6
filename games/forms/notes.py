"""The note on a game or on one hand: one line the table writes ("misdeal, redealt")."""

from django import forms

from games import display, scoring
from games.scoring.limits import MAX_NOTE


class NoteForm(forms.Form):
    note = forms.CharField(
        label="Note",
        required=False,
        help_text=f"One line, up to {MAX_NOTE} characters. Leave it empty to remove the note.",
        widget=forms.TextInput(attrs={"maxlength": MAX_NOTE, "autocomplete": "off"}),
    )

    def clean_note(self) -> str:
        note: str = self.cleaned_data["note"]
        problem = scoring.note_problem(note)
        if problem:
            raise forms.ValidationError(display.sentence(problem))
        return note.strip()
