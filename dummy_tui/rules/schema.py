"""The ruleset schema: one frozen pydantic model per rummy family.

Every field is an option key of ``rulesets.toml`` and of a record's
``options``.  The docstring under each field is its one-line meaning, shown
by ``dummy-tui rules``; :func:`field_docs` reads them from this file when
asked, so that building the models stays cheap at start-up.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from dummy_tui.families import FAMILIES

RANK_NAMES: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

DUMMY_RANK_POINTS: dict[str, int] = {
    "2": 5, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5,
    "10": 10, "J": 10, "Q": 10, "K": 10, "A": 15,
}  # fmt: skip

_SUITS = {"C": "C", "D": "D", "H": "H", "S": "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_SUITS.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


def _card_name(text: str) -> str:
    """A card named in an option, in the canonical text of ``records.md`` (``10H``).

    The schema reads card names itself, so that it stands below the engine
    it configures; it knows only the 52 cards of Dummy's deck (no jokers).
    """
    raw = text.strip()
    upper = raw.upper()
    if upper == "JK":
        raise ValueError(f"{text!r} is not in Dummy's deck (no jokers)")
    rank = upper[:-1].replace("T", "10")
    suit = _SUITS.get(upper[-1:])
    if rank not in RANK_NAMES or suit is None:
        raise ValueError(f"{raw!r} is not a card (write a rank 2-10/J/Q/K/A and a suit C/D/H/S)")
    return rank + suit


MAX_POINTS = 10_000
"""The most points any one item of the score may be worth."""
MAX_TARGET = 1_000_000
"""The highest target score of a match."""

NonNegative = Annotated[int, Field(ge=0, le=MAX_POINTS)]
Multiplier = Annotated[int, Field(ge=1, le=100)]


class RulesetBase(BaseModel):
    """Fields every family shares."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=False)

    OPTION_GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = ()
    """The family's options in groups for a person choosing them (a group's
    name, then its options' keys); empty: one list in the fields' order."""
    MATCH_LENGTH: ClassVar[str] = "target_score"
    """The option that says how long a match lasts (the target score, or the deals)."""

    family: str = ""
    """The rummy family the preset plays (dummy, rummy, gin or persian)."""
    description: str = ""
    """A one-line description of the preset."""
    hand_size: dict[int, Annotated[int, Field(ge=1, le=20)]]
    """Cards dealt to each player, keyed by the number of players."""
    target_score: Annotated[int, Field(ge=1, le=MAX_TARGET)] = 500
    """A match ends at the end of the round in which someone reaches this total."""

    @field_validator("hand_size")
    @classmethod
    def _player_counts(cls, value: dict[int, int]) -> dict[int, int]:
        for players in value:
            if players < 2 or players > 4:
                raise ValueError(f"player counts run from 2 to 4, not {players}")
        if not value:
            raise ValueError("at least one player count is needed")
        return value

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.hand_size))

    @property
    def default_players(self) -> int:
        """The table when none is asked for: four if the game is played by four."""
        counts = self.player_counts
        return 4 if 4 in counts else max(counts)

    def deck_size(self) -> int:
        return 52

    def _check_dealable(self, extra: dict[int, int] | None = None) -> None:
        for players, size in self.hand_size.items():
            burned = (extra or {}).get(players, 0)
            need = players * size + 1 + burned
            if need > self.deck_size():
                parts = f"{players} hands of {size} and the upcard"
                if burned:
                    parts += f" and {burned} burned cards"
                raise ValueError(
                    f"hand_size {size} cards each for {players} players cannot be dealt: "
                    f"{parts} need {need} cards and the deck has {self.deck_size()}"
                )


class DummyRules(RulesetBase):
    """Dummy (ดัมมี่): every option of the rules, at its default."""

    OPTION_GROUPS: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = (
        ("play", ("pickup_to_layoff", "first_turn_must_draw", "layoff_chain", "layoff_limit",
                  "burn_two_player", "ace_low_runs", "ace_high_run_points", "unborn_play")),
        ("stock_out", ("stock_out_pickup", "stock_out_fall")),
        ("scoring", ("speto_points", "head_card_points", "head_card_speto_points", "knock_points",
                     "speto_knock_points", "knock_card_points", "knock_bonus",
                     "layoff_knock_bonus", "dark_knock_multiplier", "one_suit_knock_multiplier",
                     "one_suit_knock_rule", "knock_multiplier_scope", "unborn_hand_multiplier",
                     "show_speto_points")),
        ("fool", ("fool_penalty", "fool_rule", "fool_reverses_direction",
                  "fool_dark_first_turn_multiplier")),
        ("penalties", ("penalty_discard_layoff", "penalty_discard_row_meld", "row_meld_rule",
                       "penalty_discard_picked", "discard_penalties_stack", "penalty_feed_head",
                       "penalty_feed_speto", "feed_rule", "penalty_speto_laid_off")),
        ("next_round", ("next_starter",)),
        ("money", ("scoring",)),
    )  # fmt: skip
    """The house rules as the spec's sections group them (§5–§12, then §14)."""

    family: Literal["dummy"] = "dummy"
    hand_size: dict[int, Annotated[int, Field(ge=1, le=20)]] = Field(
        default_factory=lambda: {2: 11, 3: 9, 4: 7}
    )
    """Cards dealt to each player, keyed by the number of players."""
    rank_points: dict[str, NonNegative] = Field(default_factory=lambda: dict(DUMMY_RANK_POINTS))
    """Points of each rank (2 to A) on the table or in hand."""
    speto_cards: tuple[str, ...] = ("2C", "QS")
    """The spe-to cards (สเปโต), worth speto_points each."""
    speto_points: NonNegative = 50
    """Points of a spe-to card, in place of its rank value."""
    burn_two_player: Annotated[int, Field(ge=0, le=20)] = 0
    """With two players, cards set aside unseen from the bottom of the stock."""
    pickup_to_layoff: bool = False
    """A born player may lay the picked-up card off instead of melding it."""
    first_turn_must_draw: bool = False
    """The first turn of a round must draw (the head card cannot be taken at once)."""
    layoff_chain: Literal["any", "owner_or_self"] = "any"
    """Who may extend a run end: anyone, or only if that end was laid by the owner or you."""
    layoff_limit: Annotated[int, Field(ge=0, le=52)] = 0
    """Most cards one player may lay off in a round (0 = no limit)."""
    knock_points: NonNegative = 50
    """Points of the face-down knock card (น็อค)."""
    speto_knock_points: NonNegative = 50
    """Points of the knock card when it is a spe-to."""
    dark_knock_multiplier: Multiplier = 2
    """Multiplies the knocker's score for a dark knock (น็อคมืด)."""
    one_suit_knock_multiplier: Multiplier = 1
    """Multiplies the knocker's score when everything they laid is one suit (น็อคสี)."""
    layoff_knock_bonus: NonNegative = 0
    """Extra knock points when the knock card would fit onto a meld on the table."""
    unborn_hand_multiplier: Multiplier = 2
    """Hand points multiplier for a player who falls (ตกตึก): not born at a knock."""
    fool_penalty: NonNegative = 50
    """Charged to the player whose fresh discard the knocker picked up alone (โง่)."""
    fool_reverses_direction: bool = True
    """A fool (โง่) reverses the direction of play for the next round."""
    head_card_points: NonNegative = 0
    """Points of the head card (หัวกอง) for whoever lays or holds it (0 = off)."""
    head_card_speto_points: NonNegative = 100
    """Points of the head card when it is a spe-to (with head_card_points on)."""
    penalty_discard_layoff: NonNegative = 0
    """Charged for discarding a card that could be laid off onto the table (0 = off)."""
    penalty_discard_row_meld: NonNegative = 0
    """Charged for discarding a card that melds with two cards in the row (0 = off)."""
    penalty_feed_head: NonNegative = 0
    """Charged when your discard near the head card lets another take it (0 = off)."""
    penalty_feed_speto: NonNegative = 0
    """Charged when your discard lets another take a spe-to with it (0 = off)."""
    # §14: the house rules of other tables; every default keeps the rules above
    ace_low_runs: bool = False
    """The ace may also be the low card of a run (A 2 3); it is still high in Q K A."""
    ace_high_run_points: NonNegative = 0
    """Points of an ace laid above the king of a run, in place of its rank's (0 = off)."""
    unborn_play: Literal["knock_only", "never", "free"] = "knock_only"
    """What a player not yet born may lay from hand: only in a knock, nothing, or anything."""
    stock_out_pickup: Literal["knock_only", "any"] = "knock_only"
    """With the stock empty: pick up only to knock, or make any pick-up and play on."""
    stock_out_fall: bool = False
    """A round that ends without a knock still charges the players not born (ตกตึก)."""
    knock_card_points: Literal["fixed", "card"] = "fixed"
    """The knock card scores knock_points (fixed) or its own points as if laid (card)."""
    knock_bonus: NonNegative = 0
    """Points for knocking, added to the knock card's points."""
    knock_multiplier_scope: Literal["round", "cards", "bonus"] = "round"
    """What the knocker's multiplier multiplies: the whole score, the cards, or the bonus."""
    one_suit_knock_rule: Literal["laid_and_knock_card", "laid", "own_runs"] = "laid_and_knock_card"
    """Which cards must be of one suit for a one-suit knock (น็อคสี)."""
    fool_dark_first_turn_multiplier: Annotated[int, Field(ge=0, le=100)] = 0
    """The multiplier of a dark knock that fools, made in the knocker's first turn (0 = off)."""
    show_speto_points: NonNegative = 0
    """Points for showing both spe-to cards at one's first turn (โชว์สเปโต; 0 = off)."""
    penalty_discard_picked: NonNegative = 0
    """Charged for a discard that another player later picks up as the chosen card (0 = off)."""
    feed_rule: Literal["near", "fresh"] = "near"
    """How the feed penalties are judged: a near card (near), or a fresh discard taken (fresh)."""
    discard_penalties_stack: bool = True
    """A discard that breaks both discard rules pays both (false: the larger only)."""
    row_meld_rule: Literal["anywhere", "top"] = "anywhere"
    """penalty_discard_row_meld: melding with any two row cards, or with the row's last cards."""
    fool_rule: Literal["single_card", "took_discard"] = "single_card"
    """A fool (โง่): picking up the fresh discard alone, or any pick-up that takes it."""
    penalty_speto_laid_off: NonNegative = 0
    """Charged to the player beside whom another lays a spe-to off (0 = off)."""
    next_starter: Literal["knocker", "rotate"] = "knocker"
    """Who starts the next round: the knocker, or the seat after the last starter."""
    scoring: Literal["points", "money"] = "points"
    """Score in points, or in units that sum to zero over the table (money, ดัมมี่น็อค)."""

    @field_validator("rank_points")
    @classmethod
    def _all_ranks(cls, value: dict[str, int]) -> dict[str, int]:
        return _rank_table(value)

    @field_validator("speto_cards")
    @classmethod
    def _cards(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        out = [_card_name(text) for text in value]
        if len(set(out)) != len(out):
            raise ValueError("a spe-to card is named twice")
        return tuple(out)

    @model_validator(mode="after")
    def _dealable(self) -> DummyRules:
        self._check_dealable({2: self.burn_two_player})
        return self


LOW_RANK_POINTS: dict[str, int] = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "J": 10, "Q": 10, "K": 10, "A": 1,
}  # fmt: skip

PERSIAN_RANK_POINTS: dict[str, int] = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "J": 10, "Q": 10, "K": 10, "A": 15,
}  # fmt: skip


def _rank_table(value: dict[str, int]) -> dict[str, int]:
    normal = {k.upper().replace("T", "10"): v for k, v in value.items()}
    missing = [r for r in RANK_NAMES if r not in normal]
    unknown = [k for k in normal if k not in RANK_NAMES]
    if unknown:
        raise ValueError(f"unknown rank {unknown[0]!r} (ranks are 2-10, J, Q, K, A)")
    if missing:
        raise ValueError(f"missing points for rank {missing[0]!r}")
    return normal


def _only_players(value: dict[int, int], allowed: tuple[int, ...], family: str) -> None:
    for players in value:
        if players not in allowed:
            counts = " or ".join(str(n) for n in allowed)
            raise ValueError(f"{family} is played by {counts} players, not {players}")


class RummyRules(RulesetBase):
    """Basic rummy: ace low, a discard pile, lay off onto any meld."""

    family: Literal["rummy"] = "rummy"
    hand_size: dict[int, Annotated[int, Field(ge=1, le=20)]] = Field(
        default_factory=lambda: {2: 10, 3: 7, 4: 7}
    )
    """Cards dealt to each player, keyed by the number of players."""
    rank_points: dict[str, NonNegative] = Field(default_factory=lambda: dict(LOW_RANK_POINTS))
    """Points of each rank (2 to A) left in a hand, scored by the player who goes out."""
    melds_per_turn: Annotated[int, Field(ge=0, le=20)] = 0
    """New melds a player may lay in one turn (0 = any number)."""
    rummy_multiplier: Multiplier = 2
    """Multiplies the score for going out in one turn with no card laid before (rummy)."""
    target_score: Annotated[int, Field(ge=1, le=MAX_TARGET)] = 100
    """A match ends at the end of the round in which someone reaches this total."""

    @field_validator("rank_points")
    @classmethod
    def _all_ranks(cls, value: dict[str, int]) -> dict[str, int]:
        return _rank_table(value)

    @model_validator(mode="after")
    def _dealable(self) -> RummyRules:
        self._check_dealable()
        return self


class GinRules(RulesetBase):
    """Gin rummy: two players, knock with little deadwood, gin and undercut bonuses."""

    family: Literal["gin"] = "gin"
    hand_size: dict[int, Annotated[int, Field(ge=1, le=20)]] = Field(
        default_factory=lambda: {2: 10}
    )
    """Cards dealt to each player, keyed by the number of players (gin is for two)."""
    knock_limit: Annotated[int, Field(ge=0, le=100)] = 10
    """Most deadwood (unmatched card points) a player may knock with."""
    gin_bonus: NonNegative = 25
    """Bonus for knocking with no deadwood at all (gin)."""
    undercut_bonus: NonNegative = 10
    """Bonus for the defender whose deadwood is not above the knocker's (undercut)."""
    undercut_on_tie: bool = True
    """Equal deadwood counts as an undercut (false: the knocker then scores 0)."""
    zero_sum_scores: bool = False
    """The loser of a hand scores minus the winner's score instead of 0 (as OpenSpiel)."""
    wall: Annotated[int, Field(ge=0, le=30)] = 2
    """The hand is void when only this many cards remain in the stock after a discard."""
    target_score: Annotated[int, Field(ge=1, le=MAX_TARGET)] = 100
    """A match ends at the end of the round in which someone reaches this total."""

    @field_validator("hand_size")
    @classmethod
    def _two_players(cls, value: dict[int, int]) -> dict[int, int]:
        _only_players(value, (2,), "gin rummy")
        return value

    @model_validator(mode="after")
    def _dealable(self) -> GinRules:
        self._check_dealable({2: self.wall + 1})
        return self


class PersianRules(RulesetBase):
    """Persian rummy: four players in two teams, 56 cards with jokers, ace high."""

    MATCH_LENGTH: ClassVar[str] = "deals"

    family: Literal["persian"] = "persian"
    hand_size: dict[int, Annotated[int, Field(ge=1, le=20)]] = Field(default_factory=lambda: {4: 7})
    """Cards dealt to each player, keyed by the number of players (Persian is for four)."""
    rank_points: dict[str, NonNegative] = Field(default_factory=lambda: dict(PERSIAN_RANK_POINTS))
    """Points of each rank (2 to A) on the table (for the team) or in hand (against it)."""
    joker_points: NonNegative = 20
    """Points of a joker, on the table or in hand."""
    out_bonus: NonNegative = 25
    """Bonus for the team of the player who goes out."""
    deals: Annotated[int, Field(ge=1, le=100)] = 2
    """Deals in a game; the team with the higher total wins."""

    @field_validator("hand_size")
    @classmethod
    def _four_players(cls, value: dict[int, int]) -> dict[int, int]:
        _only_players(value, (4,), "Persian rummy")
        return value

    @field_validator("rank_points")
    @classmethod
    def _all_ranks(cls, value: dict[str, int]) -> dict[str, int]:
        return _rank_table(value)

    def deck_size(self) -> int:
        return 56

    @model_validator(mode="after")
    def _dealable(self) -> PersianRules:
        self._check_dealable()
        return self


Ruleset = DummyRules | RummyRules | GinRules | PersianRules
"""Any family's rules (the loader picks the model by ``family``)."""

_MODELS: dict[str, type[Ruleset]] = {
    model.__name__: model for model in (DummyRules, RummyRules, GinRules, PersianRules)
}
RULESET_TYPES: dict[str, type[Ruleset]] = {f.name: _MODELS[f.rules] for f in FAMILIES.values()}
"""Each family's ruleset model, by the family's name (:mod:`dummy_tui.families`
names it; a family whose model is not in :data:`Ruleset` fails here, at import)."""


def field_docs(model: type[BaseModel]) -> dict[str, str]:
    """The docstring under each field of ``model`` (and its bases), by name."""
    import ast
    import inspect
    from itertools import pairwise

    docs: dict[str, str] = {}
    for klass in reversed(model.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, BaseModel)) or klass is BaseModel:
            continue
        try:
            tree = ast.parse(inspect.getsource(klass))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for stmt, after in pairwise(body):
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[stmt.target.id] = inspect.cleandoc(after.value.value)
    return docs
