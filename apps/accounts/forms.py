from django import forms

from apps.accounts.models import User


class ProfileForm(forms.ModelForm):
    """The profile page: display name and preferred language."""

    class Meta:
        model = User
        fields = ["display_name", "language"]
