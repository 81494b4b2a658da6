"""Every size limit in one place, so forms, game files, bundles, imports and exports agree.

An account's own export must always import again, so the import's byte limit is not a guess:
it is worked out from the largest account the app keeps (every game and hand there may be, each
name and note at its longest), and a test writes such games to check the per-game and per-hand
budgets below.
"""

MAX_PLAYER_NAME = 40  # characters as a reader counts them: a joined emoji is one
# The code points behind those 40 characters: a skin-toned, haired emoji is 4 of them, so a name
# of 40 such emoji fits; the byte budgets below are worked out from this.
MAX_PLAYER_NAME_CODE_POINTS = 4 * MAX_PLAYER_NAME
MAX_GAME_NAME = 200
MAX_NOTE = 100  # a note on a game or on one hand: one printable line
MAX_SEATS = 4
MAX_HANDS = 10_000  # hands in one game
MAX_ACCOUNT_GAMES = 10_000  # games one account keeps
MAX_ACCOUNT_HANDS = 200_000  # hands across all of one account's games
MAX_JSON_DEPTH = 20


def account_limits_passed(have_games: int, have_hands: int, games: int, hands: int) -> list[str]:
    """Which of an account's limits ("games", "hands") adding `games` games holding `hands`
    hands would pass, for an account that has `have_games` and `have_hands`: none if it fits."""
    passed = []
    if have_games + games > MAX_ACCOUNT_GAMES:
        passed.append("games")
    if have_hands + hands > MAX_ACCOUNT_HANDS:
        passed.append("hands")
    return passed


# The most bytes the export writes (UTF-8, at most 4 bytes a character: names and notes are
# one printable line, so JSON escapes nothing in them but `"` and `\`, 2 bytes each).
MAX_HAND_BYTES = 120 + 4 * MAX_NOTE
MAX_GAME_HEADER_BYTES = 4_000 + 4 * (
    MAX_GAME_NAME + MAX_NOTE + MAX_SEATS * MAX_PLAYER_NAME_CODE_POINTS
)
# One game file (`manage.py score`, a one-game import): the largest game there can be.
MAX_GAME_FILE_BYTES = MAX_GAME_HEADER_BYTES + MAX_HANDS * MAX_HAND_BYTES
# A backup of a whole account, what "Export all games" writes: about 160 MB at the limits,
# while 5,000 typical games come to about 5 MB. It is read as a stream, one game at a time,
# and imported a batch of games per request, so memory and a request's time stay bounded.
MAX_IMPORT_GAMES = MAX_ACCOUNT_GAMES
MAX_IMPORT_BYTES = (
    64 + MAX_ACCOUNT_GAMES * MAX_GAME_HEADER_BYTES + MAX_ACCOUNT_HANDS * MAX_HAND_BYTES
)
# Uploads up to this size are read whole, for JSON errors that name the line; larger ones stream.
STREAM_IMPORT_ABOVE = 5_000_000
