"""Sign up; signing in and out are Django's own views."""

from django.contrib.auth import login
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.views.decorators.http import require_http_methods

from games.forms import SignupForm
from games.views.base import HtmxHttpRequest


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    status = 422 if form.errors else 200
    return TemplateResponse(request, "registration/signup.html", {"form": form}, status=status)
