"""Sign up and sign in; signing out is Django's own view."""

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from games import throttle
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


def safe_next(request: HtmxHttpRequest) -> str:
    """Where to go after signing in: only ever a page of this site."""
    target = str(request.POST.get("next") or request.GET.get("next") or "")
    allowed = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else settings.LOGIN_REDIRECT_URL


@sensitive_post_parameters("password")
@never_cache
@require_http_methods(["GET", "POST"])
def sign_in(request: HtmxHttpRequest) -> HttpResponse:
    """Django's sign-in form, with repeated failures for one name or address refused a while."""
    next_url = safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url)
    form = AuthenticationForm(request, data=request.POST if request.method == "POST" else None)
    refused = None
    status = 200
    if form.is_bound:
        # NUL can't be stored in PostgreSQL text; no real username has one.
        username = str(request.POST.get("username", "")).replace("\x00", "")[:150]
        address = request.META.get("REMOTE_ADDR")
        refused = throttle.refusal(username, address)
        if refused:
            status = 429
        elif form.is_valid():
            login(request, form.get_user())
            throttle.forget(username)
            return navigate(request, next_url)
        else:
            throttle.record_failure(username, address)
            status = 422
    context = {"form": form, "next": next_url, "refused": refused}
    template = "registration/login.html#form" if request.htmx else "registration/login.html"
    return TemplateResponse(request, template, context, status=status)
