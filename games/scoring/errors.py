"""Domain exceptions whose message can be shown to a player as it is."""


class ScoringError(ValueError):
    """Base class: every problem the scoring package reports is one of these."""


class RulesError(ScoringError):
    """A rule setting, a combination of settings or a preset is not valid."""

    def __init__(self, problem: str, setting: str | None = None):
        self.problem = problem
        self.setting = setting
        super().__init__(f"{setting}: {problem}" if setting else problem)


class BidError(ScoringError):
    """The bids of one hand break the table's rules."""

    field = "bids"

    def __init__(self, problem: str, seat: int | None = None):
        self.problem = problem
        self.seat = seat
        super().__init__(problem)


class TrickError(ScoringError):
    """The tricks of one hand cannot have been taken."""

    field = "tricks"

    def __init__(self, problem: str, seat: int | None = None):
        self.problem = problem
        self.seat = seat
        super().__init__(problem)


class HandError(ScoringError):
    """A problem with one hand of a game, numbered as players count hands (from 1)."""

    def __init__(
        self, number: int, problem: str, seat: int | None = None, field: str | None = None
    ):
        self.number = number
        self.problem = problem
        self.seat = seat
        self.field = field
        super().__init__(f"hand {number}: {problem}")


class GameFileError(ScoringError):
    """A game file cannot be read; the message is one line naming where the problem is."""

    def __init__(
        self,
        message: str,
        *,
        number: int | None = None,
        seat: int | None = None,
        field: str | None = None,
    ):
        self.number = number
        self.seat = seat
        self.field = field
        super().__init__(message)
