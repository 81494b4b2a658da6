"""Sign up; signing in and out are Django's own views."""

from django.contrib.auth import login
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_http_methods

from games.forms import SignupForm
from games.views.base import HtmxHttpRequest, navigate


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """A new account, signed in at once: the next tap is "New game"."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return navigate(request, "home")
    template = "registration/signup.html#form" if request.htmx else "registration/signup.html"
    return TemplateResponse(request, template, {"form": form}, status=422 if form.errors else 200)
