from django import forms
from django.contrib.auth.forms import SetPasswordMixin, UserCreationForm
from django.contrib.auth.models import User


# SetPasswordMixin is already UserCreationForm's base at run time (the MRO is the same); named
# here because django-stubs leaves it out, and mypy then checks the password hook below.
class SignupForm(UserCreationForm[User], SetPasswordMixin[User]):
    email = forms.EmailField(
        label="E-mail (optional)",
        required=False,
        help_text="Only used to send you a link if you forget your password.",
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def validate_password_for_user(
        self, user: User, password_field_name: str = "password1"
    ) -> None:
        """A password that is too short or too common is said next to the password itself,
        not under its confirmation (Django's default)."""
        super().validate_password_for_user(user, password_field_name=password_field_name)
