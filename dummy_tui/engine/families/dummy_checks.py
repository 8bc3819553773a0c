"""Which moves Dummy's rules refuse, and why: the checks of §4-§7 and the reasons
a kind of move cannot be made now, each a typed :class:`IllegalMoveError`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of, mask_of, rank_of, suit_of
from dummy_tui.engine.errors import IllegalMoveError, add_messages
from dummy_tui.engine.melds import melds_with
from dummy_tui.engine.round import OVER, TAKE

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound


PLAYED = "meld down to one card, or undo"

add_messages(
    {
        "last_card.meld": (
            "one card must remain: you may not meld your last card; keep one to discard"
        ),
        "last_card.layoff": (
            "one card must remain: {card} is your last card, and discarding it is the knock"
        ),
        "last_card.pick": "one card must remain: this meld would leave you nothing to discard",
        "last_card.pick_any": (
            "one card must remain: every meld with {card} would leave you nothing to discard"
        ),
        "end": "end: the round can be ended this way only when the stock is empty",
        "end.play": "end: the round can be ended only instead of taking, with the stock empty",
        "stock_out_knock": (
            "stock out: you picked up with the stock empty, so this turn must end in a knock; "
            + PLAYED
        ),
        "stock_out_pick": (
            "stock out: with the stock empty, no pick-up lets you knock; end the round"
        ),
        "not_born": (
            "not born: you laid cards down before being born, so this turn must end in a knock "
            "(dark knock); " + PLAYED
        ),
        "not_born.layoff": (
            "not born: only a born player may lay a picked-up card off; "
            "meld it with cards from your hand"
        ),
        "not_born.never": (
            "not born: in this game you lay cards from your hand only once you are born "
            "(after your first pick-up)"
        ),
        "show.off": "show: showing the spe-to cards scores nothing in this game",
        "show.cards": "show: you show the spe-to cards only when you hold them all ({cards})",
        "show.none": "show: this game has no spe-to cards, so there is nothing to show",
        "show.late": "show: the spe-to cards are shown as the first move of your first turn",
        "not_born.play": (
            "not born: you lay cards down after your first pick-up, or all at once in a knock"
        ),
        "not_in_row": "not in the row: {card} is not in the discard row",
        "first_turn_must_draw": (
            "first turn must draw: the first turn of the round must draw from the stock"
        ),
        "pickup_meld": "pickup must meld: the picked-up card must go into a new meld",
        "pickup_meld.new_meld": (
            "pickup must meld: the picked-up card must go into a new meld (pickup_to_layoff is off)"
        ),
        "pickup_meld.contain": "pickup must meld: the meld must contain the picked card {card}",
        "pickup_meld.from_hand": (
            "pickup must meld: the meld must use at least one card from your hand"
        ),
        "pickup_meld.layoff_card": (
            "pickup must meld: the card laid off must be the picked card {card}"
        ),
        "pickup_meld.follow": "pickup must meld: after picking {card} the next move must meld it",
        "pickup_meld.none": "pickup must meld: {card} makes no new meld with a card from your hand",
        "pickup_meld.none_ace_high": (
            "pickup must meld: {card} makes no new meld with a card from your hand "
            "(the ace is high only: A 2 3 is not a run)"
        ),
        "pickup_meld.none_head": (
            "pickup must meld: the head card {card} makes no new meld with a card from your hand"
        ),
        "pickup_meld.nothing": (
            "pickup must meld: no card of the row makes a new meld with your hand"
        ),
        "layoff_limit": (
            "layoff limit: you have laid off {n} card this round, as many as this game allows",
            "layoff limit: you have laid off {n} cards this round, as many as this game allows",
        ),
        "layoff_chain": (
            "layoff chain: that end of the run was laid by another player; only the meld's owner "
            "or that player may extend it"
        ),
    }
)
"""Dummy's own refusals in English (:mod:`dummy_tui.engine.errors`)."""


def check(game: DummyRound, action: act.Action) -> None:
    if game.phase == OVER:
        raise IllegalMoveError("round_over")
    seat = game.seat
    hand = game.hands[seat]
    if game.phase == TAKE:
        _check_take(game, action, seat, hand)
        return
    if isinstance(action, act.Draw | act.Pick | act.PickLayoff):
        raise IllegalMoveError("already_taken")
    if isinstance(action, act.End):
        raise IllegalMoveError("end", "play")
    if isinstance(action, act.Show):
        raise IllegalMoveError("show", "late")
    unborn = not game.born[seat]
    if (
        isinstance(action, act.Meld | act.LayOff)
        and unborn
        and game.move_rules.unborn_play == "never"
    ):
        raise IllegalMoveError("not_born", "never")
    if isinstance(action, act.Meld):
        _check_meld_cards(game, action.cards, hand)
        if len(action.cards) >= hand.bit_count():
            raise IllegalMoveError("last_card", "meld")
        return
    if isinstance(action, act.LayOff):
        _check_layoff(game, action.card, action.target, seat, hand, action.low)
        if hand.bit_count() < 2:
            raise IllegalMoveError("last_card", "layoff", card=action.card)
        return
    if isinstance(action, act.Discard):
        card = action.card
        if not hand >> card & 1:
            raise IllegalMoveError("not_in_hand", card=card)
        if hand.bit_count() > 1 and game.must_knock:
            if game.stock_out_turn:
                raise IllegalMoveError("stock_out_knock")
            raise IllegalMoveError("not_born")
        return
    raise IllegalMoveError("unknown", text=repr(action))


def _check_take(game: DummyRound, action: act.Action, seat: int, hand: int) -> None:
    if isinstance(action, act.Show):
        refused = show_refusal(game, seat)
        if refused is not None:
            raise refused
        return
    if isinstance(action, act.Draw):
        if not game.stock:
            raise IllegalMoveError("stock_empty")
        return
    if isinstance(action, act.End):
        if game.stock:
            raise IllegalMoveError("end")
        return
    if isinstance(action, act.Pick | act.PickLayoff):
        card = action.card
        if card not in game.discards:
            raise IllegalMoveError("not_in_row", card=card)
        if game.first_turn and game.move_rules.first_turn_must_draw:
            raise IllegalMoveError("first_turn_must_draw")
        i = game.discards.index(card)
        taken = mask_of(game.discards[i:])
        if isinstance(action, act.PickLayoff):
            if not game.move_rules.pickup_to_layoff:
                raise IllegalMoveError("pickup_meld", "new_meld")
            if not game.born[seat]:
                raise IllegalMoveError("not_born", "layoff")
            _check_layoff(game, card, action.target, seat, hand | taken, action.low)
            return
        meld = action.meld
        if card not in meld:
            raise IllegalMoveError("pickup_meld", "contain", card=card)
        pool = hand | taken
        _check_meld_cards(game, meld, pool, picked=True)
        if not mask_of(meld) & hand:
            raise IllegalMoveError("pickup_meld", "from_hand")
        if len(meld) >= pool.bit_count():
            raise IllegalMoveError("last_card", "pick")
        return
    raise IllegalMoveError("take_first")


def _check_meld_cards(
    game: DummyRound, cards: tuple[int, ...], pool: int, picked: bool = False
) -> None:
    for c in cards:
        if not pool >> c & 1:
            raise IllegalMoveError("not_in_hand", "picked" if picked else "meld", card=c)
    if not game.is_meld(cards):
        detail = ""
        if not game.both and len(cards) >= 3 and len({suit_of(c) for c in cards}) == 1:
            ranks = {rank_of(c) for c in cards}
            if 12 in ranks and 0 in ranks:
                detail = "ace_high"
        raise IllegalMoveError("not_a_meld", detail, cards=tuple(cards))


def _check_layoff(
    game: DummyRound, card: int, target: int, seat: int, pool: int, low: bool = False
) -> None:
    """The checks of a layoff (§7); ``low`` as for :class:`~dummy_tui.engine.actions.LayOff`,
    only for the ace of a run that holds its 2 and its K."""
    if not pool >> card & 1:
        raise IllegalMoveError("not_in_hand", card=card)
    if not 0 <= target < len(game.melds):
        raise IllegalMoveError("no_meld")
    if game.layoffs_left(seat) == 0:
        raise IllegalMoveError("layoff_limit", n=game.move_rules.layoff_limit)
    meld = game.melds[target]
    if not meld.fits(card, seat, "any") or (low and not meld.two_ace_ends(card)):
        raise IllegalMoveError("no_fit", card=card)
    if not meld.fits_at(card, seat, game.move_rules.layoff_chain, low):
        raise IllegalMoveError("layoff_chain", card=card)


def show_refusal(game: DummyRound, seat: int) -> IllegalMoveError | None:
    """Why ``seat`` may not show the spe-to cards now (§14.3), or None."""
    house = game.move_rules
    if not house.show_speto_points and house.scoring != "money":
        return IllegalMoveError("show", "off")
    if game.can_show(seat):
        return None
    if not game.speto_mask:
        return IllegalMoveError("show", "none")  # speto_cards = []: nothing to show
    if game.hands[seat] & game.speto_mask != game.speto_mask:
        return IllegalMoveError("show", "cards", cards=tuple(cards_of(game.speto_mask)))
    return IllegalMoveError("show", "late")


def refusal(game: DummyRound, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
    seat = game.seat
    hand = game.hands[seat]
    if kind == "show":
        return show_refusal(game, seat)
    if kind == "draw":
        return IllegalMoveError("stock_empty")
    if kind == "end":
        return IllegalMoveError("end")
    if kind == "pick":
        if cards:
            return pick_refusal(game, cards[0])
        if game.first_turn and game.move_rules.first_turn_must_draw:
            return IllegalMoveError("first_turn_must_draw")
        if not game.stock and game.pick_options():
            return IllegalMoveError("stock_out_pick")
        if len(game.discards) == 1:  # one card to pick up (the head card, at first): name it
            return pick_refusal(game, game.discards[0])
        return IllegalMoveError("pickup_meld", "nothing")
    unborn = not game.born[seat] and not game.must_knock
    if kind in ("meld", "layoff") and unborn:
        play = game.move_rules.unborn_play
        if play == "never":
            return IllegalMoveError("not_born", "never")
        if play == "knock_only" and not game.knock_possible(seat):
            return IllegalMoveError("not_born", "play")
    if kind == "meld":
        return _meld_refusal(game, cards, hand)
    if kind == "layoff":
        return _layoff_refusal(game, cards, seat, hand)
    if kind == "discard":
        if hand.bit_count() == 1:
            return IllegalMoveError("last_discard", card=hand.bit_length() - 1)
        if cards and not hand >> cards[0] & 1:
            return IllegalMoveError("not_in_hand", card=cards[0])
        if game.must_knock:
            return IllegalMoveError("stock_out_knock" if game.stock_out_turn else "not_born")
    if kind == "knock" and hand.bit_count() > 1:
        return IllegalMoveError("knock_cards")
    return None


def _knock_rule(game: DummyRound) -> IllegalMoveError:
    """Why a play the rules of melds accept is still not offered: it would leave
    no way to knock in a turn that must end in one (or, not born, would lay
    cards down that no knock follows)."""
    if game.must_knock:
        return IllegalMoveError("stock_out_knock" if game.stock_out_turn else "not_born")
    return IllegalMoveError("not_born", "play")


def _meld_refusal(game: DummyRound, cards: tuple[int, ...], hand: int) -> IllegalMoveError:
    if len(cards) >= 3:
        try:
            check(game, act.Meld(tuple(sorted(cards))))
        except IllegalMoveError as exc:
            return exc
    for m in game.hand_melds(hand):
        if mask_of(cards) & ~m == 0:
            # a meld holds them: it is refused for its own reason (the last
            # card), or it is no step towards the knock this turn needs
            try:
                check(game, act.Meld(tuple(cards_of(m))))
            except IllegalMoveError as exc:
                return exc
            return _knock_rule(game)
    if cards:
        return IllegalMoveError("no_meld_with", cards=tuple(sorted(cards)))
    return IllegalMoveError("no_meld_with", "none")


def _layoff_refusal(
    game: DummyRound, cards: tuple[int, ...], seat: int, hand: int
) -> IllegalMoveError:
    if not game.melds:
        return IllegalMoveError("no_meld")
    if game.layoffs_left(seat) == 0:
        return IllegalMoveError("layoff_limit", n=game.move_rules.layoff_limit)
    if hand.bit_count() < 2:
        return IllegalMoveError("last_card", "layoff", card=hand.bit_length() - 1)
    tried = cards[:1] or tuple(cards_of(hand))
    fits = False
    for card in tried:
        for target, meld in enumerate(game.melds):
            try:
                _check_layoff(game, card, target, seat, hand)
            except IllegalMoveError as exc:
                if meld.two_ace_ends(card) and _layoff_ok(game, card, target, seat, hand):
                    fits = True  # the ace fits below the 2 (§14.1)
                elif exc.rule != "no_fit":
                    return exc  # a rule other than the fit says more
            else:
                fits = True
    if fits:  # it fits, but is no step towards the knock this turn needs
        return _knock_rule(game)
    return IllegalMoveError("no_fit", "any", card=tried[0])


def _layoff_ok(game: DummyRound, card: int, target: int, seat: int, hand: int) -> bool:
    """Does the ace ``card`` lay off below the 2 of the run ``target`` (which holds
    its 2 and its K)?"""
    try:
        _check_layoff(game, card, target, seat, hand, low=True)
    except IllegalMoveError:
        return False
    return True


def pick_refusal(game: DummyRound, card: int) -> IllegalMoveError | None:
    """Why ``pick <card>`` cannot start a pick-up now (None when it can)."""
    refused = game.taking_refusal(card, "not_in_row")
    if refused is not None:
        return refused
    if game.first_turn and game.move_rules.first_turn_must_draw:
        return IllegalMoveError("first_turn_must_draw")
    if any(a.card == card for a in game.pick_options()):
        return None
    hand = game.hands[game.seat]
    pool = hand | mask_of(game.discards[game.discards.index(card) :])
    if any(m & hand for m in melds_with(card, pool, game.both)):
        # a meld exists, but each would take the last card (§4)
        return IllegalMoveError("last_card", "pick_any", card=card)
    low_run = (12, 0, 1)  # A 2 3
    suit = card // 13
    if not game.both and card % 13 in low_run and all(pool >> (suit * 13 + r) & 1 for r in low_run):
        return IllegalMoveError("pickup_meld", "none_ace_high", card=card)
    if game.head_in_row and card == game.head:
        return IllegalMoveError("pickup_meld", "none_head", card=card)
    return IllegalMoveError("pickup_meld", "none", card=card)
