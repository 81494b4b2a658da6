"""Who asks for a game: the policy object every page and every write reads the session through.

`Access.of(request)` reads the account and the scoring links this browser opened (kept in its
session under `SCORE_GRANTS`); `Game.objects.open_to(access)` is the one rule that turns it into
the games this visitor may open. This module imports no model, so `games.models` can use it.
"""

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

# Who asks: the request's user, an account or a visitor without one.
type Visitor = AbstractBaseUser | AnonymousUser

# A browser's scoring grants live in its session under this key: [[table id, token], ...].
SCORE_GRANTS = "score_grants"
MAX_GRANTS = 20


@dataclass(frozen=True)
class Access:
    """Who asks for a game: the account (if any), and the scoring links this browser opened.

    `scoring` says whether the request is one a scoring phone may make (the game page, its
    steps, undo, corrections, rematch); everything else (links, exports, notes, deletion) stays
    the owner's alone.
    """

    user: Visitor
    grants: tuple[tuple[int, str], ...] = ()
    scoring: bool = False

    @classmethod
    def of(cls, request: HttpRequest, *, scoring: bool = False) -> "Access":
        session = getattr(request, "session", None)
        raw = session.get(SCORE_GRANTS, []) if session is not None else []
        grants = tuple(
            (table, token)
            for table, token in (pair for pair in raw if isinstance(pair, list) and len(pair) == 2)
            if type(table) is int and isinstance(token, str)
        )
        return cls(user=request.user, grants=grants, scoring=scoring)
