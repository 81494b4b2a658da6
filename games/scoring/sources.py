"""Where each rule comes from: the rule books, sites and tournaments, named by their real titles.

Kept beside the rules they describe so that a new setting and its sources change together.
"""

from __future__ import annotations

# The names used in citations below, with what each one is; the rules reference lists them.
PAGAT = "pagat.com"
HOYLE = "Hoyle (as given on Big-D's House of Cards)"
AMROZI = "Amrozi's Suicides Spades page"
GUIDE = "the Spades Quick Reference Card guide"
BLISS = "Solitaire Bliss Spades"
COOKOUT = "Cookout Spades tournaments"
JOKERS = "Joker's Wild Spades FAQ"
RTA3 = "RTA3 spades tournament FAQ"
CONTEST = "Spades Tournament 2017 Official Contest Rules"
CLARKSVILLE = "Clarksville Juneteenth spades tournament"
MAN2MAN = "Man 2 Man Forum Spades Tournament"
TWO_PLAYER = "2-Player Spades by Austin Williams"
KINGS = "Kings of Spades league rules"

SOURCES: tuple[tuple[str, str], ...] = (
    (PAGAT, "John McLeod's card game rules, Spades and its variations"),
    (HOYLE, "Hoyle-style partnership rules, with double nil and the dealer bidding first"),
    ("Bicycle Cards", "the playing-card maker's Spades rules"),
    ("MSN Zone", "the help pages of MSN Zone's Spades rooms"),
    ("Dummies", "“How to Score a Spades Game”"),
    ("VIP Spades", "rules and tournament FAQ of an online Spades room"),
    ("open_spiel", "DeepMind's game library, scoring Spades as CardSharp does"),
    ("Britannica", "the encyclopedia's article on Spades"),
    (AMROZI, "MPlayer-era rules for Suicide, Mirrors and Blind Nil Spades (2004)"),
    (GUIDE, "a 4-player partnership rules guide ending in a quick reference card"),
    (BLISS, "the rules page of Solitaire Bliss's online Spades game"),
    (COOKOUT, "the game-play rules of Cookout Spades' tournament events"),
    (JOKERS, "the scoring rules of Joker's Wild Spades"),
    (RTA3, "the rules of a spades tournament series"),
    (CONTEST, "the rules of a 2017 open partner tournament"),
    (CLARKSVILLE, "the basic rules of a spades tournament at a Juneteenth block party"),
    (MAN2MAN, "the rules of a single-elimination tournament of 30-minute games"),
    (TWO_PLAYER, "the rules page of a two-player Spades game played against the computer"),
    (KINGS, "how a weekly team league plays its games to 350"),
)

# Which tradition plays which option of each setting, in our words, citing sources by name.
# Settings or options not listed have no particular source.
TRADITIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "players": (
        ("Four players", f"{PAGAT}, {HOYLE}, Bicycle and every text above"),
        ("Three players, 17 cards each with one card left out", f"{PAGAT} variations"),
        ("Two players, each drawing a hand from the stock", f"{PAGAT} variations"),
    ),
    "partnerships": (
        ("Partners opposite each other", f"{PAGAT}, {HOYLE}, MSN Zone, {GUIDE}, {BLISS}"),
        ("Cutthroat: everyone for themselves", f"{PAGAT} variations, MSN Zone cutthroat rooms"),
    ),
    "target_score": (
        ("500 points", f"{PAGAT}, {AMROZI}, {GUIDE}, {HOYLE}, {BLISS}"),
        ("350 points", f"{COOKOUT}, {CONTEST}"),
        ("Short games to 200, 250, 300 or 350", f"{PAGAT} and club rules"),
    ),
    "losing_score": (
        ("Lost at -200", f"{AMROZI}, MSN Zone"),
        ("Lost at -250 or -350", "other club rules"),
        ("No losing score", f"{GUIDE}, {HOYLE}"),
    ),
    "bag_limit": (
        ("10 bags", f"{PAGAT}, MSN Zone, VIP Spades, open_spiel, {GUIDE}, {BLISS}"),
        ("7 bags, or 5 bags for -50", "some house tables"),
        ("No bag penalty at all", "some house tables"),
    ),
    "bag_penalty": (
        ("100 points", f"{PAGAT}, MSN Zone, VIP Spades, open_spiel, {GUIDE}, {JOKERS}"),
        ("50 points (with a 5-bag limit)", "some house tables"),
    ),
    "bag_points": (
        ("1 point a bag", f"{PAGAT}, {HOYLE}, MSN Zone, Dummies, open_spiel"),
        (
            "0 points, though bags still count toward the penalty",
            f"{CLARKSVILLE}, {JOKERS}",
        ),
    ),
    "bags_carry_over": (
        ("Bags beyond the limit carry over", f"{PAGAT}, {BLISS}, open_spiel"),
        ("The count starts again at 0", f"{GUIDE} (“resets to 0”), {AMROZI} (“emptied”)"),
    ),
    "nil_value": (
        ("100", f"{PAGAT}, {HOYLE}, MSN Zone, VIP Spades, {AMROZI}, {GUIDE}, {BLISS}"),
        ("50", "Bicycle, Dummies, some cutthroat rooms"),
    ),
    "blind_nil_value": (
        ("200", f"{PAGAT}, VIP Spades, MSN Zone, {AMROZI}, {GUIDE}"),
        ("100", "Bicycle, Dummies"),
        (
            "Hoyle calls it double nil, with 3 cards exchanged (pagat.com: 2); the exchange "
            "happens at the table and doesn't change the score",
            f"{HOYLE}, {PAGAT}",
        ),
    ),
    "zero_is_nil": (
        ("A bid of 0 is nil; any other bid is at least 1", GUIDE),
        ("0 is an ordinary bid that scores only bags", "vpchat"),
    ),
    "failed_nil_tricks": (
        ("Don't help the partner, but count as bags", f"{PAGAT} (“the usual rule”)"),
        (
            "Count as bags toward the penalty but score nothing: its example loses 120 for a "
            "nil failed by one trick beside a set bid of 2, and gives one bag",
            "MSN Zone",
        ),
        ("Count toward the partner's bid", f"Dummies, open_spiel, {BLISS}"),
        ("Count for nothing", "a table convention"),
    ),
    "nil_partner_exact": (
        (
            "The nil bidder's partner must take exactly their bid",
            "a house rule some scorekeeping apps offer; no rule book we read plays it",
        ),
    ),
    "hand_limit": (
        (
            "Games cut short by the clock instead of a hand count, the leader winning",
            f"{CONTEST} (40 minutes), {MAN2MAN} (30 minutes)",
        ),
        (
            "A fixed number of hands",
            "club and league nights that must keep to time; no rule sheet we read names the "
            "number, so it is the table's",
        ),
    ),
    "tie_rule": (
        (
            "Level when the time runs out: one overtime hand, the higher score winning",
            f"{CONTEST}, {MAN2MAN}",
        ),
        ("Both sides past the winning score with the same score play on", "Yahoo! Spades"),
        (
            "A tie settled on the fewer bags taken",
            "a tie-break some scorekeeping apps offer for hand-limited games; no rule sheet we "
            "read names it",
        ),
        ("A tie settled by a block of three more hands", f"{TWO_PLAYER} plays on hand by hand"),
    ),
    "set_scoring": (
        (
            "A set side loses its whole contract, whatever it took",
            f"{PAGAT}, MSN Zone, Dummies (“no matter by how many tricks”), {KINGS}",
        ),
        (
            "A set side loses 10 for each trick it was short",
            "a setting of some scorekeeping apps; no rule book we read plays it",
        ),
    ),
    "bag_back": (
        (
            "The bag penalty paid to the other side (“bag back”) instead of taken off",
            "some house tables; no rule book we read spells out the amount",
        ),
    ),
    "overtricks": (
        ("Overtricks are bags", f"{PAGAT}, MSN Zone, {GUIDE}"),
        ("No overs: tricks over the contract count for nothing", f"{MAN2MAN} (“no over books”)"),
        (
            "Overtricks score nothing but still count as bags (a bag scores 0 points)",
            f"{CLARKSVILLE}, {JOKERS}",
        ),
    ),
    "both_nil": (
        ("Each nil scored on its own", f"open_spiel; {HOYLE} allows it"),
        ("200 if both make it, nothing if either fails", HOYLE),
        ("Both partners may not bid nil in the same hand", "Britannica"),
    ),
    "blind_nil_behind": (
        ("Only when the side trails by 100 or more", f"{PAGAT} (“usually agreed”), Bicycle"),
        ("Only when it trails by 200 or more", "some tables"),
        ("At any score", "online rooms"),
    ),
    "blind_nil": (
        ("Allowed", f"{PAGAT}, VIP Spades, MSN Zone, {AMROZI}, {GUIDE}"),
        ("Not allowed", "Whiz (MSN Zone), Mirrors"),
    ),
    "min_team_bid": (
        ("A side bids at least 4 (“the board”)", f"{PAGAT} variations, {COOKOUT}, {RTA3}"),
        (
            "A nil bidder's partner must bid the minimum alone, as this setting asks",
            "some online rooms",
        ),
    ),
    "variant": (
        ("Suicide", f"{AMROZI}, MSN Zone"),
        ("Mirrors", f"{AMROZI}, MSN Zone"),
        ("Whiz", "MSN Zone"),
        ("Blind nil for all", AMROZI),
    ),
    "first_bidder": (
        ("The player on the dealer's left", f"{PAGAT}, Bicycle, {GUIDE}"),
        ("The dealer", HOYLE),
        ("Either way the player on the dealer's left leads the first trick", f"{PAGAT}, {HOYLE}"),
    ),
    "sets_to_lose": (
        ("Two sets lose the game", f"{COOKOUT}, {RTA3}, several tournament rule sets"),
        ("Three sets lose the game", f"{JOKERS}, {CONTEST}"),
    ),
    "sets_in_a_row_to_lose": (("Set two hands in a row loses the game", CONTEST),),
    "both_nil_value": (("200 for both partners making nil", HOYLE),),
    "blind_bid_min": (
        ("Blind bids of 6 or more score double, made or set", f"{JOKERS}, {CONTEST}"),
        ("Blind 6 or 7", "spadesformoney"),
    ),
    "blind_bid_behind": (("Only for a side 100 or more behind", f"{JOKERS}, {CLARKSVILLE}"),),
    "first_hand_bids_itself": (
        ("The first hand bids itself", RTA3),
        ("Every hand is bid, the first one too", CLARKSVILLE),
    ),
    "big_bid": (
        ("20 a trick for a contract of 10 or more (“10 for 200”)", "club rules"),
        ("A bid of 10 made scores 200", JOKERS),
        ("A bid of 10 or more wins or loses 150", COOKOUT),
    ),
    "big_bid_set": (("A failed 10 costs 100, 150 or 200 by table", f"club rules, {COOKOUT}"),),
    "boston": (
        ("Taking all 13 tricks is a Boston", BLISS),
        ("Some tables pay 200 for it, others make it an instant win", "club rules"),
        ("A bid of 13 made wins the game", JOKERS),
    ),
    "boston_needs": (
        ("Any side taking every trick", BLISS),
        ("Only a side that bid 13 and took them all", f"{JOKERS}, {COOKOUT}"),
    ),
}

# Oh Hell, Wizard and Call Break (`games.scoring.card_games`): the sources their settings cite.
WIKIPEDIA_OH_HELL = "Wikipedia, “Oh Hell”"
WIZARD_RULES = "Wizard rules (Wizard Cards International)"
WIKIPEDIA_WIZARD = "Wikipedia, “Wizard (card game)”"
GAMEDUELL = "GameDuell's Wizard rules"
CARDSHARP = "CardSharp Oh Hell"
MRPIKES = "MrPikes' house rules of play for Oh Hell!"
TRADITIONAL = "Traditional Game Rules, “Oh Hell”"
CALLBREAK_XYZ = "callbreak.xyz CallBreak rules"
A23 = "A23 “How to Play Call Break”"
WINZO = "WinZO Call Break rules"
WINZO_BLOG = "WinZO blog, “How Scoring Works in Call Break Game”"
MPL = "MPL blog, “The Call Break Game Scoring System”"
CARD_RULES_PLUS = "Card Rules Plus, “How to Play Call Break”"
PSALAETS = "psalaets/ohhell scorekeeper"
HUURNINK = "Oh Hell Score Recorder (oh-hell-scorer)"

CARD_SOURCES: tuple[tuple[str, str], ...] = (
    (PAGAT, "John McLeod's card game rules: Oh Hell! and Call Break, with their variations"),
    (WIKIPEDIA_OH_HELL, "the encyclopedia's article, listing a dozen scoring methods"),
    (WIZARD_RULES, "the rules sheet of Wizard, the 60-card game by Ken Fisher"),
    (WIKIPEDIA_WIZARD, "the encyclopedia's article, naming the hook “a common variant”"),
    (GAMEDUELL, "the rules of GameDuell's online Wizard rooms, played with the hook"),
    (CARDSHARP, "the rules page of a four-player Oh Hell game against the computer"),
    (MRPIKES, "a scoresheet's house rules: 10 cards for 3 to 5 players, 8 for 6, 7 for 7"),
    (TRADITIONAL, "a collection of traditional card game rules; the hook lifted on the last hand"),
    (PSALAETS, "an open-source Oh Hell scorekeeper: bid + 10 made, bid + 10 lost on a miss"),
    (HUURNINK, "an open-source Oh Hell scorekeeper: 5 + bid made, 1 lost a trick off"),
    (CALLBREAK_XYZ, "the rules of an online CallBreak game: calls of 1 to 8, five rounds"),
    (A23, "the rules of A23's Call Break rooms: calls up to 13, a failure costs the shortfall"),
    (WINZO, "the rules of WinZO's Call Break: calls of 1 to 8, three rounds"),
    (WINZO_BLOG, "the same site's blog: no bonus for tricks over the call, five rounds"),
    (MPL, "a gaming site's Call Break: calls of 2 to 12, five rounds"),
    (CARD_RULES_PLUS, "a rules site's Call Break: calls of 2 to 13"),
)

# Which tradition plays which option of each card-game setting, in our words.
CARD_TRADITIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "exact_bonus": (
        ("10 for an exact bid", f"{PAGAT}, {WIKIPEDIA_OH_HELL}, {CARDSHARP}"),
        ("5 for an exact bid, a point a trick besides", f"{WIKIPEDIA_OH_HELL}, {TRADITIONAL}"),
        ("20 for an exact bid", WIZARD_RULES),
    ),
    "trick_value": (
        ("1 point a trick (“10 + bid”)", f"{PAGAT}, {WIKIPEDIA_OH_HELL}"),
        ("10 points a trick bid and taken", f"{WIZARD_RULES}; {PAGAT} variations"),
    ),
    "tricks_count": (
        ("Only on an exact bid", f"{PAGAT}, {WIZARD_RULES}, {WIKIPEDIA_OH_HELL} (“exact”)"),
        (
            "Every trick, exact or not",
            f"{CARDSHARP}, {TRADITIONAL}, {WIKIPEDIA_OH_HELL} (“basic scoring”)",
        ),
    ),
    "miss_penalty": (
        ("Nothing lost", f"{PAGAT}, {CARDSHARP}, {WIKIPEDIA_OH_HELL}"),
        ("10 for each trick over or under", WIZARD_RULES),
        (
            "The bid lost (missing a 3 bid scores -3); the article says “players who underbid” "
            "but its example is any miss, and so is this setting",
            f"{WIKIPEDIA_OH_HELL} (Hassenpfeffer)",
        ),
        ("10 lost however far off (“gone set”)", WIKIPEDIA_OH_HELL),
        ("The square of the tricks off lost", f"{PAGAT} variations"),
        (
            "What the bid would have scored lost (a missed 4 bid -40 in “10 times exact”)",
            f"{WIKIPEDIA_OH_HELL}, {PSALAETS} (bid + 10 lost)",
        ),
        ("1 for each trick over or under, with 5 + bid for a bid made", HUURNINK),
    ),
    "zero_bid_value": (
        ("5 for a zero bid made (“reduced 0 bid”)", WIKIPEDIA_OH_HELL),
        (
            "5 for a zero bid made and -5 for one missed, beside 10 a trick bid",
            f"{WIKIPEDIA_OH_HELL} (“10 times exact” variants, with the bid's value lost)",
        ),
    ),
    "tie_break": (
        ("Players level share the win", f"{A23} (the same rank), most scorekeepers"),
        (
            "The tied player whose successful bids add up to most wins",
            WIKIPEDIA_OH_HELL,
        ),
        ("Further hands of the most cards until one leads", f"{PAGAT} variations (not a setting)"),
    ),
    "squared": (("10 + bid² for a bid made", f"{PAGAT} variations"),),
    "hook": (
        (
            "The dealer may not make the bids add up (“screw the dealer”)",
            f"{PAGAT}, {WIKIPEDIA_OH_HELL}, {MRPIKES}, {TRADITIONAL}",
        ),
        ("The bids may add up to anything", WIZARD_RULES),
        ("The hook in Wizard (“a common variant”)", f"{GAMEDUELL}, {WIKIPEDIA_WIZARD}"),
    ),
    "hook_on_last_hand": (("The hook lifted in the last, one-card hand", TRADITIONAL),),
    "schedule": (
        ("From the most cards down to 1 and back up", f"{MRPIKES}, {PAGAT}"),
        ("From 1 up to the most and back down", f"{WIKIPEDIA_OH_HELL}, {PAGAT} variations"),
        ("Down only, to a hand of one card", TRADITIONAL),
    ),
    "max_cards": (
        ("10 cards for 3 to 5 players, 8 for 6, 7 for 7", f"{MRPIKES}, {TRADITIONAL}"),
        ("As many as the pack allows (13 for 4 players)", WIKIPEDIA_OH_HELL),
    ),
    "bid_min": (
        ("A call of at least 1", f"{PAGAT}, {CALLBREAK_XYZ}, {WINZO}, {A23}"),
        ("A call of at least 2", f"{MPL}, {CARD_RULES_PLUS}"),
    ),
    "bid_max": (
        (
            "Calls up to 8: pagat.com calls 8 “the maximum sensible call”, advice rather than "
            "a rule; the apps make it one, and so does this setting",
            f"{PAGAT}, {CALLBREAK_XYZ}, {WINZO}",
        ),
        ("Calls up to 12", MPL),
        ("Calls up to 13", f"{A23}, {CARD_RULES_PLUS}"),
    ),
    "overtrick_value": (
        ("0.1 a trick over the call", f"{PAGAT}, {CALLBREAK_XYZ}, {WINZO}, {A23}"),
        ("Nothing for tricks over the call (a call of 3 with 4 tricks is 3)", WINZO_BLOG),
    ),
    "failure": (
        ("A failed call loses the call", f"{PAGAT}, {CALLBREAK_XYZ}, {WINZO}"),
        ("A failed call loses only the tricks short", A23),
    ),
    "deals": (
        ("Five deals", f"{PAGAT}, {CALLBREAK_XYZ}, {WINZO_BLOG}, {MPL}"),
        ("Three deals", WINZO),
    ),
}

# Variants the sources name that are not settings here, and why: for the rules page.
CARD_NOT_SETTINGS: tuple[tuple[str, str], ...] = (
    (
        "Playing on after a tie",
        f"Some Oh Hell tables deal further hands of the most cards until one player leads "
        f"({PAGAT} variations); those are hands the schedule doesn't give, so a game ends at "
        "the schedule's end and the table plays its decider as a new game. Call Break ties are "
        f"shared, as {A23} ranks them.",
    ),
    (
        "Double Whammy, halved scores and other one-table scorings",
        f"{WIKIPEDIA_OH_HELL} lists more scorings (a made 1 worth 15, 2 worth 22, then 11 a "
        "bid; a point for each overtrick's running sum) with no rule "
        "book behind them; the settings above cover every scoring a rule book or scorekeeper "
        "we read plays.",
    ),
    (
        "Call Break counted in tens",
        "Some guides count ten points a trick called and one an overtrick (a call of 5 made "
        "with 6 tricks is 51, not 5.1): the same game at ten times the scale, so it is not a "
        "setting; the scores here are the call's own.",
    ),
    (
        "A big call's bonus",
        "None of the Call Break sources we read names a bonus for a big call, so there is no "
        "setting for one; a call of 8 or more scores like any call.",
    ),
    (
        "A zero bid worth 5 plus the cards",
        f"{WIKIPEDIA_OH_HELL} lists “adjusted 0 bid” scoring without a source of its own; a "
        "fixed zero-bid value covers the variants that name one.",
    ),
    (
        "Half a point for a zero bid, halved scores for a miss",
        f"{WIKIPEDIA_OH_HELL}'s “trick scoring” and halving variants need fractions of a point "
        "in Oh Hell; no rule book we read plays them.",
    ),
    (
        "The first or the largest hand played twice",
        "Some tables deal one card (or the most) twice at the turn of the schedule; no source "
        "we read says which, so the schedules turn once.",
    ),
)
