"""Profile page. Sign-up, log-in, log-out and passwords are django-allauth's views."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from apps.accounts.forms import ProfileForm
from apps.accounts.http import SignedInRequest
from apps.accounts.middleware import remember_language
from apps.accounts.models import User
from apps.accounts.services import user_update_profile


@login_required
def profile(request: SignedInRequest) -> HttpResponse:
    """Show and save the signed-in user's display name and preferred language."""
    # the form checks a copy: a refused name never shows in the page's header meanwhile
    form = ProfileForm(request.POST or None, instance=User.objects.get(pk=request.user.pk))
    if request.method == "POST" and form.is_valid():
        user = user_update_profile(
            user=form.instance,
            display_name=form.cleaned_data["display_name"],
            language=form.cleaned_data["language"],
        )
        remember_language(request, user.language)
        messages.success(request, _("Профиль сохранён."))
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form})
