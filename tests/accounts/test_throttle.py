"""Password guessing is slowed per (name, address) and per address, never for a name everywhere."""

import contextlib
import threading
from datetime import timedelta

import pytest
from django.contrib.auth import forms as auth_forms
from django.db import connections
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains

from games.accounts import throttle
from games.accounts.models import SignInCounter
from tests.conftest import PASSWORD
from tests.web.conftest import HX

pytestmark = pytest.mark.django_db

HOME = "203.0.113.7"
CAFE = "198.51.100.20"


def fail(sign_in, times, username="owner", **kwargs):
    for _ in range(times):
        assert sign_in(username, "wrong", **kwargs).status_code == 422


def test_repeated_failures_for_one_name_are_refused_for_a_while(sign_in, owner):
    fail(sign_in, throttle.PER_USERNAME)
    # Even the right password is refused now, and says why.
    response = sign_in("OWNER", PASSWORD)
    assertContains(response, "Too many failed sign-ins. Wait 15 minutes", status_code=429)
    assertContains(response, reverse("password_reset"), status_code=429)
    assert "<html" in response.content.decode()


def test_a_refusal_reaches_htmx_as_the_form_with_its_message(sign_in, owner):
    fail(sign_in, throttle.PER_USERNAME)
    response = sign_in(headers=HX)
    assert response.status_code == 429
    body = response.content.decode()
    assert body.lstrip().startswith('<form id="login-form"')
    assert 'role="alert"' in body
    assert "Too many failed sign-ins" in body


def test_htmx_is_configured_to_show_a_429(client):
    config = client.get(reverse("login")).content.decode()
    assert '{"code": "429", "swap": true}' in config
    assert config.index('"429"') < config.index('"[45].."')


@pytest.mark.parametrize("spelling", [" owner", "owner  ", "\uff4fwner", "Owner", "\u3000owner"])
def test_every_spelling_django_signs_in_counts_against_the_same_name(sign_in, owner, spelling):
    fail(sign_in, throttle.PER_USERNAME - 1)
    assert sign_in(spelling, "wrong").status_code == 422
    assert sign_in("owner", PASSWORD).status_code == 429


@pytest.mark.parametrize("spelling", [" owner", "owner  ", "\uff4fwner", "\u3000owner"])
def test_those_spellings_really_do_sign_in_as_the_owner(sign_in, owner, spelling):
    assert sign_in(spelling, PASSWORD).status_code == 302


def test_a_stranger_cannot_lock_the_owner_out_from_everywhere(sign_in, owner):
    statuses = [sign_in(password="wrong", address=CAFE).status_code for _ in range(15)]
    assert statuses == [422] * throttle.PER_USERNAME + [429] * (15 - throttle.PER_USERNAME)
    assert sign_in(address=CAFE).status_code == 429
    assert sign_in(address=HOME).status_code == 302


def test_one_address_guessing_many_names_is_refused(sign_in, make_user):
    for number in range(throttle.PER_ADDRESS):
        assert sign_in(f"name{number}", "wrong").status_code == 422
    make_user("fresh")
    assert sign_in("fresh", PASSWORD).status_code == 429
    assert sign_in("fresh", PASSWORD, address=HOME.replace("7", "8")).status_code == 302


def test_refusals_end_when_the_window_has_passed(sign_in, owner):
    fail(sign_in, throttle.PER_USERNAME)
    SignInCounter.objects.update(
        window_start=timezone.now() - throttle.WINDOW - timedelta(seconds=1)
    )
    assert sign_in().status_code == 302


def test_a_refused_attempt_does_not_extend_the_wait(sign_in, owner):
    fail(sign_in, throttle.PER_USERNAME)
    started = SignInCounter.objects.get(username="owner").window_start
    for _ in range(3):
        assert sign_in(password="wrong").status_code == 429
    counter = SignInCounter.objects.get(username="owner")
    assert (counter.window_start, counter.attempts) == (started, throttle.PER_USERNAME)


def test_a_successful_sign_in_clears_that_names_failures(sign_in, owner):
    fail(sign_in, throttle.PER_USERNAME - 1)
    assert sign_in().status_code == 302
    fresh = Client()
    fail(sign_in, throttle.PER_USERNAME - 1, using=fresh)
    assert sign_in(using=fresh).status_code == 302


def test_a_form_that_never_reached_the_password_check_does_not_count(client, sign_in, owner):
    for _ in range(throttle.PER_ADDRESS + 1):
        response = client.post(reverse("login"), {"username": "owner"}, REMOTE_ADDR=HOME)
        assert response.status_code == 422
        assert "password" in response.context["form"].errors
    assert sign_in().status_code == 302


def test_expired_counters_are_cleared_away(sign_in, make_user):
    long_ago = timezone.now() - throttle.WINDOW * 2
    SignInCounter.objects.bulk_create(
        SignInCounter(username=f"old{n}", address=CAFE, attempts=3, window_start=long_ago)
        for n in range(10)
    )
    sign_in("someone", "wrong")
    assert not SignInCounter.objects.filter(window_start__lte=long_ago).exists()
    assert SignInCounter.objects.count() == 2  # the new attempt's address and pair


# --- which address a request comes from ---------------------------------------------------


def request_from(remote, forwarded=None):
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().post("/accounts/login/", **headers)


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "expected"),
    [
        # No proxy: the connection's address, whatever the client claims.
        (0, "203.0.113.7", "1.2.3.4", "203.0.113.7"),
        # One proxy: the address it appended, not the one the client forged before it.
        (1, "10.0.0.2", "1.2.3.4, 203.0.113.7", "203.0.113.7"),
        (1, "10.0.0.2", "203.0.113.7", "203.0.113.7"),
        # Two proxies: the second appended the first's address.
        (2, "10.0.0.3", "1.2.3.4, 203.0.113.7, 10.0.0.2", "203.0.113.7"),
        # A header shorter than the proxy chain: the first hop is all there is.
        (2, "10.0.0.3", "203.0.113.7", "203.0.113.7"),
        # No header at all, or garbage in it: the connection's address.
        (1, "10.0.0.2", None, "10.0.0.2"),
        (1, "10.0.0.2", "not-an-address", "10.0.0.2"),
        # IPv6 counts by its /64; an IPv4 address in IPv6 clothing is the IPv4 address.
        (0, "2001:db8:1:2:aaaa::1", None, "2001:db8:1:2::/64"),
        (0, "::ffff:203.0.113.7", None, "203.0.113.7"),
    ],
)
def test_the_client_address_behind_trusted_proxies(settings, proxies, remote, forwarded, expected):
    settings.TRUSTED_PROXIES = proxies
    assert throttle.client_address(request_from(remote, forwarded)) == expected


def test_behind_a_proxy_each_client_has_its_own_limit(settings, sign_in, owner):
    settings.TRUSTED_PROXIES = 1
    proxy = "10.0.0.2"
    for number in range(throttle.PER_ADDRESS):
        sign_in(f"name{number}", "wrong", address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.66")
    assert sign_in(address=proxy, HTTP_X_FORWARDED_FOR="198.51.100.66").status_code == 429
    assert sign_in(address=proxy, HTTP_X_FORWARDED_FOR=HOME).status_code == 302


def test_an_ipv6_attacker_cannot_dodge_the_limit_by_hopping_inside_their_block(sign_in, owner):
    for host in range(throttle.PER_USERNAME):
        sign_in(password="wrong", address=f"2001:db8:1:2::{host + 1:x}")
    assert sign_in(address="2001:db8:1:2::ffff").status_code == 429


# --- parallel guesses ---------------------------------------------------------------------

GUESSERS = 12


@pytest.mark.django_db(transaction=True)
def test_parallel_guesses_cannot_overshoot_the_limit(owner, monkeypatch):
    """Every guess is inside its (slowed) password check at once: only the limit get there."""
    checked = []
    real_authenticate = auth_forms.authenticate
    everyone_in = threading.Barrier(GUESSERS)

    def slow_authenticate(*args, **kwargs):
        checked.append(1)
        # Lets go at once only if every guesser got this far; otherwise after a second.
        with contextlib.suppress(threading.BrokenBarrierError):
            everyone_in.wait(timeout=1)
        return real_authenticate(*args, **kwargs)

    monkeypatch.setattr(auth_forms, "authenticate", slow_authenticate)
    start = threading.Barrier(GUESSERS)
    statuses: list = [None] * GUESSERS

    def guess(index: int) -> None:
        try:
            start.wait(timeout=30)
            data = {"username": "owner", "password": f"guess {index}"}
            statuses[index] = Client().post(reverse("login"), data, REMOTE_ADDR=HOME).status_code
        except BaseException as error:
            statuses[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(GUESSERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert sorted(statuses, key=str) == sorted(
        [422] * throttle.PER_USERNAME + [429] * (GUESSERS - throttle.PER_USERNAME), key=str
    )
    assert len(checked) == throttle.PER_USERNAME


@pytest.mark.parametrize("username", ["own\x00er", "\x00"])
def test_a_name_no_account_can_have_is_refused_without_counting(sign_in, owner, username):
    for _ in range(throttle.PER_ADDRESS + 1):
        response = sign_in(username, PASSWORD)
        assert response.status_code == 422
        assert "username" in response.context["form"].errors
    assert sign_in().status_code == 302


def signed_in_once(sign_in, address=CAFE, username="owner"):
    """The owner's phone after one good sign-in and a sign-out: it holds a device cookie."""
    phone = Client()
    assert sign_in(username, using=phone, address=address).status_code == 302
    assert phone.post(reverse("logout")).status_code == 302
    return phone


def test_a_neighbour_cannot_lock_out_a_phone_that_signed_in_there_before(sign_in, owner):
    phone = signed_in_once(sign_in)
    neighbour = Client()
    fail(sign_in, throttle.PER_USERNAME, using=neighbour, address=CAFE)
    assert sign_in(using=neighbour, address=CAFE).status_code == 429

    assert sign_in(using=phone, address=CAFE).status_code == 302


def test_a_phone_with_a_device_cookie_has_limits_of_its_own(sign_in, owner):
    phone = signed_in_once(sign_in)
    fail(sign_in, throttle.PER_USERNAME, using=phone, address=CAFE)

    response = sign_in(using=phone, address=CAFE)

    assertContains(response, "Too many failed sign-ins", status_code=429)
    # The address itself was never charged: another phone there still signs in.
    assert sign_in(using=Client(), address=CAFE).status_code == 302


def test_a_device_cookie_speaks_only_for_the_name_it_was_given_for(sign_in, owner, make_user):
    make_user("neighbour")
    phone = signed_in_once(sign_in, username="neighbour")
    fail(sign_in, throttle.PER_USERNAME, using=phone, address=CAFE)

    assert sign_in(using=phone, address=CAFE).status_code == 429


def test_a_forged_device_cookie_is_no_device_cookie(sign_in, owner):
    phone = signed_in_once(sign_in)
    value = phone.cookies[throttle.DEVICE_COOKIE].value
    phone.cookies[throttle.DEVICE_COOKIE] = value[:-2] + (
        "AA" if not value.endswith("AA") else "BB"
    )
    neighbour = Client()
    fail(sign_in, throttle.PER_USERNAME, using=neighbour, address=CAFE)

    assert sign_in(using=phone, address=CAFE).status_code == 429


def test_the_device_cookie_is_signed_http_only_and_renewed_on_each_sign_in(sign_in, owner):
    phone = Client()
    sign_in(using=phone)
    first = phone.cookies[throttle.DEVICE_COOKIE]
    phone.post(reverse("logout"))
    sign_in(using=phone)
    second = phone.cookies[throttle.DEVICE_COOKIE]

    assert first["httponly"] is True
    assert first["samesite"] == "Lax"
    assert first["max-age"] == int(throttle.DEVICE_AGE.total_seconds())
    assert first.value != second.value
    assert "owner" not in first.value.split(":")[0]  # the nonce first, the signature after
