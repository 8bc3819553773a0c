"""Persian rummy's moves as records write them: jokers named ``JK`` are given
distinct jokers, and ``pick JK`` takes the joker nearest the top that plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine.actions import DRAW, PASS, Action, Discard, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import JOKER_BASE, JOKERS, cards_of, mask_of
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.notation import move_card, not_a_move, split_move

if TYPE_CHECKING:
    from dummy_tui.engine.families.persian import PersianRound


def _resolve(game: PersianRound, cards: list[int], pool: int, keep: int | None = None) -> list[int]:
    """Give each ``JK`` a distinct joker of ``pool`` (``keep`` first)."""
    free = [c for c in cards_of(pool & JOKERS) if c != keep]
    if keep is not None:
        free.insert(0, keep)
    out = []
    for c in cards:
        if c >= JOKER_BASE:
            if not free:
                raise IllegalMoveError("not_in_hand", "jokers")
            out.append(free.pop(0))
        else:
            out.append(c)
    return out


def parse_move(game: PersianRound, text: str) -> Action:
    verb, args = split_move(text)
    if verb == "draw" and not args:
        return DRAW
    if verb == "pass" and not args:
        return PASS
    hand = game.hands[game.seat] if not game.is_over else 0
    if verb == "discard" and len(args) == 1:
        (card,) = _resolve(game, [move_card(args[0], jokers=True)], hand)
        return Discard(card)
    if verb == "meld" and args:
        cards = _resolve(game, [move_card(w, jokers=True) for w in args], hand)
        return Meld(tuple(sorted(cards)))
    if verb == "layoff" and len(args) == 2:
        (card,) = _resolve(game, [move_card(args[0], jokers=True)], hand)
        target = move_card(args[1], jokers=True)
        index = game.find_meld(target)
        if index is None:
            raise IllegalMoveError("no_meld", "holds", card=target)
        return LayOff(card, index)
    if verb in ("knock", "end", "show"):
        raise IllegalMoveError("never", f"persian_{verb}")
    not_a_move(text, "draw, pick, meld, layoff, discard, pass")


def pick_card(game: PersianRound, text: str) -> int | None:
    """The pile card ``pick <word>`` names, checked that something can play it.

    ``JK`` names the joker nearest the top; :meth:`pick_action` takes a
    deeper one when the joker meld that follows needs the jokers above it.
    """
    verb, args = split_move(text)
    if verb != "pick":
        return None
    if len(args) != 1:
        not_a_move(text, "")
    card = move_card(args[0], jokers=True)
    if card >= JOKER_BASE:
        depth = game.top_joker_depth()
        if depth is None:
            raise IllegalMoveError("not_in_pile", "joker")
        card = game.discards[depth]
    refusal = game.pick_refusal(card)
    if refusal is not None:
        raise refusal
    return card


def pick_action(game: PersianRound, card: int, follow: str) -> Action:
    """The pick-up made of ``pick <card>`` and the move that follows it."""
    words = follow.split()
    verb = words[0].lower() if words else ""
    if card >= JOKER_BASE and verb == "meld" and len(words) > 1:
        named = sum(1 for w in words[1:] if w.upper() == "JK")
        deeper = game.pick_joker(named)
        if deeper is not None:
            card = deeper
    i = game.discards.index(card)
    pool = game.hands[game.seat] | mask_of(game.discards[i:])
    if verb == "meld" and len(words) > 1:
        cards = _resolve(game, [move_card(w, jokers=True) for w in words[1:]], pool, keep=card)
        return Pick(card, tuple(sorted(cards)))
    if verb == "layoff" and len(words) == 3:
        laid = move_card(words[1], jokers=True)
        if laid >= JOKER_BASE and card >= JOKER_BASE:
            laid = card
        if laid != card:
            raise IllegalMoveError("pickup_play", "layoff_card", card=card)
        target = move_card(words[2], jokers=True)
        index = game.find_meld(target)
        if index is None:
            raise IllegalMoveError("no_meld", "holds", card=target)
        return PickLayoff(card, index)
    raise IllegalMoveError("pickup_play", "follow", card=card)
