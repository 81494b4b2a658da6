"""Sign up, sign in and out, change a password; resetting one by e-mail is Django's own views."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from games.accounts import throttle
from games.accounts.forms import SignupForm
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, navigate

SAFE_OR_POST = ["GET", "HEAD", "POST"]


def _partial(request: HtmxHttpRequest, page: str) -> str:
    return f"{page}#form" if request.htmx else page


@sensitive_post_parameters("password1", "password2")
@require_http_methods(SAFE_OR_POST)
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """A new account, signed in at once: the next tap is "New game"."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return navigate(request, "home")
    template = _partial(request, "registration/signup.html")
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
@require_http_methods(SAFE_OR_POST)
def sign_in(request: HtmxHttpRequest) -> HttpResponse:
    """Django's sign-in form; too many failures for a name from one address, or from one
    address at all, are refused a while with 429."""
    next_url = safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url)
    form = AuthenticationForm(request, data=request.POST if request.method == "POST" else None)
    refused = None
    status = 200
    if form.is_bound:
        attempt = throttle.attempt_for(request)
        refused = throttle.begin(attempt)
        if refused:
            # Unbound: rendering a bound form would validate it, checking the password anyway.
            form = AuthenticationForm(request, initial={"username": form["username"].value()})
            status = 429
        elif form.is_valid():
            throttle.succeeded(attempt)
            login(request, form.get_user())
            return navigate(request, next_url)
        else:
            if not form.has_error(NON_FIELD_ERRORS, "invalid_login"):
                throttle.give_back(attempt)  # a blank field: no password was tried
            status = 422
    context = {"form": form, "next": next_url, "refused": refused}
    return TemplateResponse(
        request, _partial(request, "registration/login.html"), context, status=status
    )


@require_POST
def sign_out(request: HtmxHttpRequest) -> HttpResponse:
    """Ends the session on the server: a copy of the cookie no longer signs anyone in."""
    logout(request)
    return navigate(request, settings.LOGOUT_REDIRECT_URL)


@sensitive_post_parameters()
@never_cache
@login_required
@require_http_methods(SAFE_OR_POST)
def password_change(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A new password; every other device signed in to the account is signed out."""
    form = PasswordChangeForm(request.user, request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        messages.success(request, "Password changed. Other devices have been signed out.")
        return navigate(request, "home")
    template = _partial(request, "registration/password_change_form.html")
    return TemplateResponse(request, template, {"form": form}, status=422 if form.errors else 200)
