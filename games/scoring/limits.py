"""Every size limit in one place, so forms, game files, bundles and the database agree."""

MAX_PLAYER_NAME = 40
MAX_GAME_NAME = 200
MAX_SEATS = 4
MAX_HANDS = 10_000
# One game file; a bundle of games (what "export all" writes and an import accepts) may be larger.
MAX_GAME_FILE_BYTES = 5_000_000
MAX_BUNDLE_BYTES = 20_000_000
MAX_BUNDLE_GAMES = 2_000
# An upload may be a single game or a bundle, so it is held to the larger of the two.
MAX_IMPORT_BYTES = MAX_BUNDLE_BYTES
MAX_JSON_DEPTH = 20
