"""The import form: a game file, or a file of all one's games."""

from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile

from games.scoring.limits import MAX_IMPORT_BYTES


class ImportForm(forms.Form):
    file = forms.FileField(
        label="Game file",
        help_text=(
            "A .json file exported from this app: one game (Export on the game page: Spades, "
            "Oh Hell, Wizard or Call Break), or all your games. A CSV export can't be imported."
        ),
        error_messages={
            "required": "Choose a game file to import.",
            "empty": "That file is empty: it can't be a game file.",
        },
    )

    copy = forms.BooleanField(
        label="Import again as a copy",
        required=False,
        help_text="A game already in your games is not imported twice unless this is ticked.",
    )

    def clean_file(self) -> UploadedFile[bytes]:
        """The upload itself, unread: a backup is read as a stream, a game at a time."""
        upload: UploadedFile[bytes] = self.cleaned_data["file"]
        assert upload.size is not None  # FileField refuses an upload without a size as empty.
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"That file is over {MAX_IMPORT_BYTES // 1_000_000} MB: it can't be a file "
                "of your games."
            )
        return upload
