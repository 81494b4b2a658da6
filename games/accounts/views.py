"""Sign up, sign in and out, change a password; resetting one by e-mail is Django's own views.

A guest (games/accounts/guests.py) may sign up, which turns it into an account with its games,
or sign in, which moves its games into that account; signing out ends it and its games.
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, PasswordResetForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from games.accounts import guests, throttle
from games.accounts.forms import SignupForm
from games.views.base import AuthenticatedHttpRequest, HtmxHttpRequest, navigate, render

SAFE_OR_POST = ["GET", "HEAD", "POST"]


@sensitive_post_parameters("password1", "password2")
@require_http_methods(SAFE_OR_POST)
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """A new account, signed in at once: the next tap is "New game". A guest's sign-up makes
    its own user the account, so every game, note and statistic it has stays."""
    guest_id = guests.guest_id(request.user)
    guest = guest_id is not None
    if request.user.is_authenticated and not guest:
        return redirect("home")
    data = request.POST if request.method == "POST" else None
    if guest:
        # The guest's made-up name is no suggestion for a real one.
        form = SignupForm(data, instance=request.user, initial={"username": "", "email": ""})
    else:
        form = SignupForm(data)
    status = None
    refused = form.is_bound and form.is_valid() and throttle.spend(request, throttle.SIGNUP)
    if refused:
        form.add_error(None, refused)
        status = 429
    elif form.is_bound and form.is_valid():
        # The password is hashed (slow on purpose) before the transaction: on SQLite a write
        # transaction holds the one write lock, and every other table's tap would wait on it.
        user = form.save(commit=False)
        with transaction.atomic():
            if guest_id is not None and not guests.lock(guest_id):
                return navigate(request, "home")  # signed up already, in another tab
            user.save()
            form.save_m2m()
            guests.become_account(user)
        login(request, user, backend=guests.BACKEND)
        guests.forget_flag(request)
        if guest:
            messages.success(request, "Account created. The games you played as a guest are in it.")
        return navigate(request, "home")
    context = {"form": form, "guest": guest}
    return render(request, "registration/signup.html", context, partial="form", status=status)


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
    address at all, are refused a while with 429, except on a phone that signed in to that
    name before (its device cookie has limits of its own). A guest signing in brings its games
    along, unless the account would then hold more than an account keeps (409, nothing moved)."""
    next_url = safe_next(request)
    guest_id = guests.guest_id(request.user)
    guest = guest_id is not None
    if request.user.is_authenticated and not guest:
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
            account = form.get_user()
            moved, held = 0, guests.Holdings(0, 0)
            if guest_id is not None:
                held = guests.holdings(guest_id)
                try:
                    moved = guests.move_to(guest_id, account)
                except guests.MoveRefused as error:
                    form.add_error(None, str(error))
                    status = 409
            if status != 409:
                login(request, account)
                if moved:
                    messages.success(
                        request,
                        f"Signed in. {held} you played as a guest on this phone moved into "
                        "your account.",
                    )
                response = navigate(request, next_url)
                throttle.remember_device(response, attempt)
                return response
        else:
            if not form.has_error(NON_FIELD_ERRORS, "invalid_login"):
                throttle.give_back(attempt)  # a blank field: no password was tried
            status = 422
    context = {"form": form, "next": next_url, "refused": refused, "guest": guest}
    return render(request, "registration/login.html", context, partial="form", status=status)


@require_http_methods(SAFE_OR_POST)
def sign_out(request: HtmxHttpRequest) -> HttpResponse:
    """Ends the session on the server: a copy of the cookie no longer signs anyone in.

    A link (GET) never signs out: it shows a page with the button that does (a POST), and
    tells a guest first what signing out costs (its games and club nights go with it, nothing
    could bring them back) and how to keep them. A visitor who is not signed in has nothing to
    sign out of: home."""
    guest_id = guests.guest_id(request.user)
    if request.method != "POST":
        if not request.user.is_authenticated:
            return redirect(settings.LOGOUT_REDIRECT_URL)
        context: dict[str, object] = {"guest": guest_id is not None}
        if guest_id is not None:
            lost = guests.holdings(guest_id)
            context |= {"lost": str(lost), "one": lost.one, "events": lost.events}
        return TemplateResponse(request, "registration/logout.html", context)
    logout(request)
    if guest_id is not None:
        guests.end(guest_id)
    return navigate(request, settings.LOGOUT_REDIRECT_URL)


@sensitive_post_parameters()
@never_cache
@login_required
@require_http_methods(SAFE_OR_POST)
def password_change(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A new password; every other device signed in to the account is signed out. A guest has
    no password to change: it is offered the sign-up, which sets one."""
    if guests.guest_id(request.user) is not None:
        messages.info(request, "You are playing as a guest: sign up to choose a password.")
        return navigate(request, "signup")
    form = PasswordChangeForm(request.user, request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        messages.success(request, "Password changed. Other devices have been signed out.")
        return navigate(request, "home")
    return render(request, "registration/password_change_form.html", {"form": form}, partial="form")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view; each address may ask for a few e-mails an hour (429 after)."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        refused = throttle.spend(self.request, throttle.PASSWORD_RESET)
        if refused:
            form.add_error(None, refused)
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        return super().form_valid(form)
