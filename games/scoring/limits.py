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

# Oh Hell, Wizard and Call Break (`card-game/1`): up to 7 players, and a schedule that ends the
# game: no setting deals more than 50 hands (Call Break's most deals; Oh Hell's longest is 33,
# Wizard's 20). A hand as the export writes it (indented, 7 two-digit bids and trick counts, a
# note at its longest) and a hand as a backup writes it (compact: within MAX_HAND_BYTES) are
# both checked by a test, so a card game always fits the bounds of a game file.
MAX_CARD_SEATS = 7
MAX_CARD_HANDS = 50
MAX_CARD_HAND_BYTES = 250 + 4 * MAX_NOTE
MAX_CARD_GAME_HEADER_BYTES = 4_000 + 4 * (
    MAX_GAME_NAME + MAX_NOTE + MAX_CARD_SEATS * MAX_PLAYER_NAME_CODE_POINTS
)
MAX_CARD_GAME_FILE_BYTES = MAX_CARD_GAME_HEADER_BYTES + MAX_CARD_HANDS * MAX_CARD_HAND_BYTES
# A backup of a whole account, what "Export all games" writes: about 200 MB at the limits
# (every game a card game of 7 players, each name and note at its longest), while 5,000
# typical games come to about 5 MB. It is read as a stream, one game at a time, and imported a
# batch of games per request, so memory and a request's time stay bounded.
MAX_IMPORT_GAMES = MAX_ACCOUNT_GAMES
MAX_IMPORT_BYTES = (
    64
    + MAX_ACCOUNT_GAMES * max(MAX_GAME_HEADER_BYTES, MAX_CARD_GAME_HEADER_BYTES)
    + MAX_ACCOUNT_HANDS * MAX_HAND_BYTES
)
# Uploads up to this size are read whole, for JSON errors that name the line; larger ones stream.
STREAM_IMPORT_ABOVE = 5_000_000

# A club night's `spades-event/1` file (`games.events.eventfile`), read as a stream and refused
# the moment it passes one of these. An event's games are its director's games, so it holds no
# more than an account keeps: 200 teams pair at most 100 tables a round, and the games and hands
# of all its rounds are bounded by the account's (10,000 games, 200,000 hands), not by
# MAX_HANDS at every table (100 million hands no account can keep).
MAX_EVENT_TEAMS = 200  # entries: teams, or a progressive night's players
MAX_EVENT_TABLES = MAX_EVENT_TEAMS // 2  # tables in one round
MAX_EVENT_ROUND_LIST = 2 * MAX_EVENT_TEAMS  # rounds in the file (a round robin of 200: 199)
MAX_EVENT_GAMES = MAX_ACCOUNT_GAMES
MAX_EVENT_HANDS = MAX_ACCOUNT_HANDS
MAX_EVENT_PENALTIES = 2 * MAX_EVENT_GAMES  # two a table's game, over the whole event
MAX_EVENT_SOLOS = 2 * MAX_EVENT_TEAMS
MAX_EVENT_TEAM_NAME = 80  # code points: `games.events.entry.MAX_TEAM_NAME`, EventTeam.name
MAX_EVENT_NAME = MAX_GAME_NAME
MAX_PENALTY_REASON = 200
# Brackets: a table's game sits six deep in the file (the file, rounds, a round, its tables,
# a table, the game), and the game's own values as deep as a game file allows.
MAX_EVENT_DEPTH = MAX_JSON_DEPTH + 9
# The longest text the file may hold in one value (a name, a reason, a note: 200 characters
# at most; kept generous for a game's own extra keys) and any list the format doesn't name.
MAX_EVENT_STRING = 1_000
MAX_EVENT_OTHER_LIST = 1_000
# One penalty, team or round's settings, at their longest (UTF-8, 4 bytes a character, JSON
# escaping `"` and `\` only): the parts of the file beside its games.
MAX_EVENT_TEAM_BYTES = 100 + 4 * (MAX_EVENT_TEAM_NAME + 2 * MAX_PLAYER_NAME_CODE_POINTS)
MAX_EVENT_PENALTY_BYTES = 200 + 4 * MAX_PENALTY_REASON
MAX_EVENT_HEADER_BYTES = (
    10_000
    + 4 * MAX_EVENT_NAME
    + MAX_EVENT_TEAMS * MAX_EVENT_TEAM_BYTES
    + MAX_EVENT_SOLOS * 4 * MAX_PLAYER_NAME_CODE_POINTS
    + MAX_EVENT_ROUND_LIST * 8 * MAX_EVENT_TEAMS  # each round's byes
)
# A table: its teams and its game as a game file without a name.
MAX_EVENT_TABLE_BYTES = 100 + MAX_GAME_HEADER_BYTES
# The largest event there can be, every name and note at its longest: about 204 MB (a
# 5,000-game night as it is played, notes here and there, is about 3 MB).
MAX_EVENT_BYTES = (
    MAX_EVENT_HEADER_BYTES
    + MAX_EVENT_GAMES * MAX_EVENT_TABLE_BYTES
    + MAX_EVENT_HANDS * MAX_HAND_BYTES
    + MAX_EVENT_PENALTIES * MAX_EVENT_PENALTY_BYTES
)
# JSON values (each scalar, object and list) the file may hold: a hand is at most a dozen
# (an object, two lists of four, a note), a table's game a few dozen besides.
MAX_EVENT_VALUES = (
    12 * MAX_EVENT_HANDS
    + 60 * MAX_EVENT_GAMES
    + 20 * MAX_EVENT_PENALTIES
    + 10 * MAX_EVENT_TEAMS
    + 4 * MAX_EVENT_ROUND_LIST * MAX_EVENT_TEAMS
    + 1_000
)
# A key of the file its format doesn't name is passed over, never built: at most this many
# values in it.
MAX_EVENT_UNKNOWN_VALUES = 1_000
