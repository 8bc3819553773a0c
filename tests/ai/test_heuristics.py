"""The players' judgement on built positions."""

from __future__ import annotations

import pytest

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.engine.actions import DRAW, Action, Discard, Meld, Pick
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families.dummy import DummyRound, DummyView

from .conftest import cards, decisions, fixed_round, pair_of_aces_round, play_turn, rules

SMART = ("easy", "normal", "hard")


def player(level: str):  # type: ignore[no-untyped-def]
    if level == "hard":
        return make_player("dummy", "hard", 5, samples=3)
    return make_player("dummy", level, 5)


JUNK = ["2D 4S 6H 8C 10D QC AS", "3D 5S 7C 9D JC KH 2H", "3S 5H 7D 9S JD KC 4H"]


@pytest.mark.parametrize("level", SMART)
def test_takes_the_obvious_meld(level: str) -> None:
    game = fixed_round(["7H 8H 2S 4D 6C JS KD", *JUNK], "9H", "3C 5D 6S 8D 10S QD AC 4C 9C 10C")
    action = player(level).choose(game.view(0), game.legal_actions())
    assert action == Pick(parse_card("9H"), tuple(cards("7H 8H 9H")))


@pytest.mark.parametrize("level", SMART)
def test_knocks_when_it_can(level: str) -> None:
    # pick 7S with 7D 7H, meld 3C-6C, and knock with KD: a dark knock
    game = fixed_round(["3C 4C 5C 6C 7D 7H KD", *JUNK], "7S", "3H 5D 6S 8D 10S QD AC 9C 10C 2C")
    ai = player(level)
    actions = play_turn(game, ai.choose)
    assert game.end == "knock" and game.went_out == 0 and game.dark_knock
    assert actions[-1] == Discard(parse_card("KD"))
    assert Meld(tuple(cards("3C 4C 5C 6C"))) in actions


def _scenario(
    s0: str,
    s0_discards: str,
    s1_extra: tuple[str, str],
    draws: str,
    name: str = "dummy",
    **options: object,
) -> DummyRound:
    """Two players.  Seat 0 discards three cards; seat 1 draws twice (and throws what
    it drew), then picks up from seat 0's first discard with 5C 5D, lays its sets of
    7, 8 and 9 and throws its first draw: it holds seat 0's second and third discards
    and its own second draw, known to seat 0.  Seat 0 then draws: its move."""
    first, second, third = s0_discards.split()
    b0, b1 = s1_extra
    a = draws.split()
    stock = [a[0], b0, a[1], b1, a[2], a[3], *["2H", "3H", "4S", "6S", "8S", "10H"]]
    stock = [c for c in stock if c not in (s0.split())]
    game = fixed_round(
        [s0, "5C 5D 7C 7D 7H 8C 8D 8H 9C 9D 9H"], "2D", " ".join(stock), name, **options
    )
    game.apply(DRAW)
    game.apply(Discard(parse_card(first)))
    game.apply(DRAW)
    game.apply(Discard(parse_card(b0)))
    game.apply(DRAW)
    game.apply(Discard(parse_card(second)))
    game.apply(DRAW)
    game.apply(Discard(parse_card(b1)))
    game.apply(DRAW)
    game.apply(Discard(parse_card(third)))
    game.apply(Pick(parse_card(first), tuple(cards(f"5C 5D {first}"))))
    for meld in ("7C 7D 7H", "8C 8D 8H", "9C 9D 9H"):
        game.apply(Meld(tuple(cards(meld))))
    game.apply(Discard(parse_card(b0)))
    game.apply(DRAW)
    assert game.seat == 0 and game.phase == "play"
    return game


def _feeds_knock(game: DummyRound, card: str) -> bool:
    trial = game.clone()
    trial.apply(Discard(parse_card(card)))
    for a in trial.legal_actions():
        if isinstance(a, Pick) and a.card == parse_card(card):
            after = trial.clone()
            after.apply(a)
            if after.knock_possible():
                return True
    return False


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_feed_the_next_players_knock(level: str) -> None:
    # seat 1 holds QH KH (picked up) and 3S: JH or AH lets it meld and knock
    game = _scenario("5S QH KH JH AH 2S 3D 4C 6D 10C JS", "5S QH KH", ("2H", "3S"), "KD 10D 6S 3H")
    assert _feeds_knock(game, "JH") and _feeds_knock(game, "AH")
    assert not _feeds_knock(game, "4C")
    view = game.view(0)
    assert game.hands[1].bit_count() == 3
    choice = player(level).choose(view, game.legal_actions())
    assert isinstance(choice, Discard)
    assert choice.card not in cards("JH AH")


def test_the_beginner_does_feed_it() -> None:
    # the same position: the beginner throws its highest card, the ace
    game = _scenario("5S QH KH JH AH 2S 3D 4C 6D 10C JS", "5S QH KH", ("2H", "3S"), "KD 10D 6S 3H")
    counts = {c: 0 for c in cards("AH JH")}
    for seed in range(10):
        choice = make_player("dummy", "easy", seed).choose(game.view(0), game.legal_actions())
        assert isinstance(choice, Discard)
        if choice.card in counts:
            counts[choice.card] += 1
    assert counts[parse_card("AH")] >= 5


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("name", ["dummy", "dummy-house"])
def test_keeps_a_speto_out_of_the_next_players_meld(level: str, name: str) -> None:
    # seat 1 picked up 3C and 4C and still holds them: 2C would be melded at once
    game = _scenario(
        "5S 3C 4C 2C 6D 10H JS 8S 9H 3D KD", "5S 3C 4C", ("2H", "JD"), "QD 10D 6S 4H", name
    )
    choice = player(level).choose(game.view(0), game.legal_actions())
    assert isinstance(choice, Discard)
    assert choice.card != parse_card("2C")


@pytest.mark.parametrize(("penalty", "throws_nine"), [(50, False), (0, True)])
def test_penalty_for_a_layoff_discard_changes_the_choice(penalty: int, throws_nine: bool) -> None:
    # on the table: seat 1's sets of 5, 7, 8, 9.  With penalty_discard_layoff the 9S
    # (it fits the set of nines) costs 50 and a queen goes; without it 9S is the throw.
    game = _scenario(
        "5S QD KD 9S 6H QS JD QH 5H 6C 10C", "5S QD KD", ("2H", "3S"), "KS 10D 6S 3H",
        "dummy-house", penalty_discard_layoff=penalty,
    )  # fmt: skip
    nine = parse_card("9S")
    assert any(m.fits(nine, 0) for m in game.melds)
    choice = make_player("dummy", "normal", 1).choose(game.view(0), game.legal_actions())
    assert (choice == Discard(nine)) == throws_nine


@pytest.mark.parametrize(
    ("stock", "keeps_pair"), [("5C 10S JS", False), ("5C 10S JS 6D 7S 8D 9H", True)]
)
def test_last_turn_throws_points_instead_of_keeping_a_pair(stock: str, keeps_pair: bool) -> None:
    # on its last turn every card kept is charged, so it throws an ace, not the 4♦
    game = pair_of_aces_round(stock)
    choice = make_player("dummy", "normal", 1).choose(game.view(0), game.legal_actions())
    assert isinstance(choice, Discard)
    aces = cards("AH AD")
    assert (choice.card not in aces) == keeps_pair


def test_keeps_a_meld_in_hand_rather_than_break_it_for_a_pair() -> None:
    # not born, seat 0 holds the run 8-9-10♥ and drew 9♣; the run is worth
    # more whole than as the pair 9-10♥ it would leave
    game = fixed_round(
        [
            "2C 4D 7D 10D 4H 5H 8H 9H 10H",
            "3D 5S 7C 9D JC KH 2H 6S QS",
            "3S 5C 7H 9S JD KC 6D 8D QD",
        ],
        "2S",
        "9C 3C 4S 6C 8C 10S AC AD AH",
    )
    game.apply(DRAW)
    choice = make_player("dummy", "normal", 5).choose(game.view(0), game.legal_actions())
    assert isinstance(choice, Discard)
    assert choice.card not in cards("8H 9H 10H")


def _full_stock(top: str, used: str) -> str:
    """``top`` and then every card not in ``used``, in card order."""
    from dummy_tui.engine.cards import card_text

    gone = set(cards(used)) | {parse_card(top)}
    return " ".join([top, *(card_text(c) for c in range(52) if c not in gone)])


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(
    ("hand", "drawn"), [("2C 4D 5C 6C 10H JH 3H", "KD"), ("2C 8D 6C 8S 9H 10H 3H", "5D")]
)
def test_keeps_a_lone_speto_on_its_first_turn(level: str, hand: str, drawn: str) -> None:
    # four players, the full stock to come, and nobody has shown a card: 2C
    # melds with nothing in hand, yet throwing it leaves 50 points in the row
    # for every player after; a plain card goes instead
    game = fixed_round([hand, *JUNK], "8H", _full_stock(drawn, " ".join([hand, *JUNK, "8H"])))
    assert len(game.stock) == 23
    game.apply(DRAW)
    choice = player(level).choose(game.view(0), game.legal_actions())
    assert isinstance(choice, Discard)
    assert choice.card != parse_card("2C")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_heads_up_it_draws_past_a_pick_up_to_keep_a_dark_knock_open(level: str) -> None:
    # two melds in hand and K♦ K♠ for the head card K♥: picking it up would
    # make seat 0 born and lay its kings; heads-up, staying unborn with the
    # melds hidden, for a knock that scores double, is worth more
    game = fixed_round(
        ["3C 4C 5C 7D 7H 7S KD KS 2D 9H JS", "2H 4S 6H 8C 10D QC AS 3D 5S 9D JC"],
        "KH",
        "6C 8D 10S QD AC 4C 9C 10C 3H 5D 6S",
    )
    assert Pick(parse_card("KH"), tuple(cards("KD KH KS"))) in game.legal_actions()
    assert player(level).choose(game.view(0), game.legal_actions()) == DRAW


def _after(seed: int, moves: int) -> DummyRound:
    """A two-player round of normal players (seeded ``seed``) after ``moves`` moves."""
    from dummy_tui.ai.dummy.heuristic import HeuristicPlayer

    game = DummyRound.new(rules("dummy"), 2, seed)
    players = [HeuristicPlayer(seed), HeuristicPlayer(seed + 1)]
    while len(game.history) < moves:
        legal = game.legal_actions()
        game.apply(
            legal[0] if len(legal) == 1 else players[game.seat].choose(game.view(game.seat), legal)
        )
    return game


@pytest.mark.parametrize(("seed", "moves"), [(4, 0), (9, 4)])
def test_hard_while_unborn_draws_when_normal_draws(seed: int, moves: int) -> None:
    """Before its first pick-up, hard keeps normal's draw: the one-turn lookahead
    would trade the open dark knock (x2) for the pick-up's points, and here its
    search alone would take the pick-up."""
    import time

    from dummy_tui.ai.dummy.evaluator import Evaluator
    from dummy_tui.ai.dummy.knowledge import Knowledge
    from dummy_tui.ai.dummy.search import SearchPlayer

    game = _after(seed, moves)
    view, legal = game.view(game.seat), game.legal_actions()
    assert game.phase == "take" and not game.born[game.seat]
    hard = SearchPlayer(seed, samples=8)
    k = Knowledge.from_view(view)
    options = sorted(
        hard.normal.take_values(Evaluator(k, hard.normal.weights), legal), key=lambda va: -va[0]
    )
    assert options[0][1] == DRAW and any(isinstance(a, Pick) for _, a in options)
    assert hard.choose(view, legal) == DRAW
    chosen = options[:3]
    hard.started = time.perf_counter()
    searched = hard.search(view, k, [a for _, a in chosen], [v for v, _ in chosen])
    assert isinstance(searched, Pick)


def test_hard_plays_late_deals_to_the_end_of_the_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """With 12 cards or fewer in the stock, every sampled deal is played on to
    the end of the round (the knock, the stock running out, the falls are near);
    earlier, to this seat's next turn only."""
    from dummy_tui.ai.dummy import search

    calls: dict[str, int] = {"lookahead": 0, "finish": 0}
    lookahead, finish_round = search.lookahead, search.finish_round

    def counted_lookahead(
        game: DummyRound, seat: int, policy: HeuristicPlayer, stop: int | None
    ) -> float | None:
        calls["lookahead"] += 1
        return lookahead(game, seat, policy, stop=stop)

    def counted_finish(
        game: DummyRound, seat: int, policy: HeuristicPlayer, stop: int | None
    ) -> float | None:
        calls["finish"] += 1
        value = finish_round(game, seat, policy, stop=stop)
        assert game.is_over
        return value

    monkeypatch.setattr(search, "lookahead", counted_lookahead)
    monkeypatch.setattr(search, "finish_round", counted_finish)
    searched = set()
    for game in decisions("dummy", 2, 1, every=1):
        assert isinstance(game, DummyRound)
        late = len(game.stock) <= 12
        if game.phase != "play" or late in searched:
            continue
        calls.update(lookahead=0, finish=0)
        search.SearchPlayer(1, samples=2).choose(game.view(game.seat), game.legal_actions())
        if calls["lookahead"] or calls["finish"]:
            searched.add(late)
            assert calls["finish" if late else "lookahead"] >= 4  # 2 deals, 2+ options
            assert calls["lookahead" if late else "finish"] == 0
    assert searched == {False, True}


@pytest.mark.parametrize(("players", "tried"), [(2, 4), (3, 3), (4, 4)])
def test_hard_tries_normals_best_discards_four_heads_up_three_at_three_four_at_four(
    monkeypatch: pytest.MonkeyPatch, players: int, tried: int
) -> None:
    """The search tries normal's best discards, best first: four of them
    heads-up (the one-turn lookahead), three at a table of three, four at a
    table of four (played to the round's end)."""
    from dummy_tui.ai.dummy import search
    from dummy_tui.ai.dummy.evaluator import Evaluator
    from dummy_tui.ai.dummy.knowledge import Knowledge

    seen: list[list[Action]] = []

    def recorded(
        self: object, view: object, knowledge: object, candidates: list[Action], priors: object
    ) -> Action:
        seen.append(candidates)
        return candidates[0]

    def rolled(view: object, knowledge: object, options: list[Action], *rest: object) -> object:
        seen.append(options)
        return options[0], 0

    monkeypatch.setattr(search.SearchPlayer, "search", recorded)
    monkeypatch.setattr(search, "halving", rolled)
    checked = 0
    for game in decisions("dummy", players, 2, every=1):
        legal = game.legal_actions()
        if game.phase != "play" or sum(isinstance(a, Discard) for a in legal) <= tried:
            continue
        view = game.view(game.seat)
        assert isinstance(view, DummyView)
        # 24 deals: enough rollouts an option for the search to the round's end at four
        hard = search.SearchPlayer(2, samples=24)
        ev = Evaluator(Knowledge.from_view(view), hard.normal.weights)
        if not isinstance(hard.normal.plan_play(ev, legal)[0], Discard):
            continue
        best = sorted(search.discard_options(ev, legal), key=lambda va: -va[0])
        seen.clear()
        hard.choose(view, legal)
        assert seen == [[a for _, a in best[:tried]]]
        checked += 1
    assert checked >= 5


def test_a_narrow_win_is_worth_more_to_the_search_than_a_loss_with_more_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search plays for winning the round (the top score alone): winning by 5
    outranks losing while gaining more points on the others, and a tie for the
    top is worth less than a win and more than a loss."""
    from dummy_tui.ai.dummy import search

    def value(totals: list[int]) -> float:
        # a round's totals as given: all that outcome reads of a finished round
        with monkeypatch.context() as m:
            m.setattr(search, "totals", lambda _game, _unit: [float(t) for t in totals])
            return search.outcome(DummyRound.new(rules("dummy"), 3, 2), 0)

    narrow_win = value([30, 25, 0])
    rich_loss = value([40, 60, -100])  # more points against the others' mean, but second
    assert narrow_win > rich_loss
    assert value([30, 30, 0]) < narrow_win and value([30, 30, 0]) > value([30, 35, 0])
    # a real round: its winner values it most, and above every seat that lost it
    game = DummyRound.new(rules("dummy"), 3, 2)
    search.finish_round(game, 0, HeuristicPlayer(2))
    totals = [b.total for b in game.scores()]
    winner = totals.index(max(totals))
    assert totals.count(max(totals)) == 1
    values = [search.outcome(game, s) for s in range(3)]
    assert values.index(max(values)) == winner and min(values) < 0 < values[winner]
