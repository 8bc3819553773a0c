"""The Statistics screen's tables, from figures made up for the case: what each
row says of a person and of an AI level, and the rows that appear only when
the history holds what they count (penalties by kind, money, pairs of people)."""

from __future__ import annotations

from rich.console import Console

from dummy_tui.history.stats import Filters, HeadToHead, PenaltyCount, PlayerStats, Stats
from dummy_tui.i18n import set_language, t
from dummy_tui.ui.screens.stats import figure_rows, head_to_head_table, player_name, stats_tables


def person(**figures: object) -> PlayerStats:
    base: dict[str, object] = {"name": "Ann", "kind": "person", "matches": 4, "rounds": 9}
    return PlayerStats(**{**base, **figures})  # type: ignore[arg-type]


def ai() -> PlayerStats:
    return PlayerStats(name="normal", kind="ai", matches=4, rounds=9)


def row(rows: list[tuple[str, list[str]]], key: str, **values: object) -> list[str]:
    name = t(f"stats.row_{key}", **values)
    found = [v for label, v in rows if label == name]
    assert len(found) == 1, (name, [label for label, _ in rows])
    return found[0]


def test_the_streaks_are_a_persons_and_an_ai_level_has_none() -> None:
    rows = figure_rows([person(round_streak=3, match_streak=2, one_suit_knocks=1), ai()])
    assert row(rows, "round_streak") == ["3", "—"]
    assert row(rows, "match_streak") == ["2", "—"]
    assert row(rows, "one_suit_knocks") == ["1", "0"]


def test_penalties_are_counted_in_all_and_kind_by_kind() -> None:
    paid = {
        "penalty_feed_head": PenaltyCount(2, 100),
        "fool_penalty": PenaltyCount(1, 50),
    }
    rows = figure_rows([person(penalties=paid, penalty_points=150), ai()])
    assert row(rows, "penalties") == ["3 · −150 pts", "0 · 0 pts"]
    head = row(rows, "penalty_kind", kind=t("item.penalty_feed_head"))
    assert head == ["2 · −100 pts", "0"]
    assert row(rows, "penalty_kind", kind=t("item.fool")) == ["1 · −50 pts", "0"]
    # a kind nobody paid has no row
    labels = [label for label, _ in rows]
    assert t("stats.row_penalty_kind", kind=t("item.penalty_feed_speto")) not in labels
    # the kinds sit under the penalties paid, before the streaks
    paid_at = labels.index(t("stats.row_penalties"))
    kinds = {
        t("stats.row_penalty_kind", kind=t(k)) for k in ("item.penalty_feed_head", "item.fool")
    }
    assert set(labels[paid_at + 1 : paid_at + 3]) == kinds, labels
    assert labels.index(t("stats.row_round_streak")) == paid_at + 3, labels


def test_money_has_a_row_only_where_a_round_was_played_for_money() -> None:
    labels = [label for label, _ in figure_rows([person(), ai()])]
    assert t("stats.row_money") not in labels
    rows = figure_rows([person(money_rounds=3, money=-7), ai()])
    assert row(rows, "money") == ["−7", "—"]


def test_head_to_head_lists_each_pair_and_none_without_pairs() -> None:
    stats = Stats(filters=Filters())
    assert head_to_head_table(stats) is None
    stats.head_to_head = [HeadToHead("Ann", "Bee", 5, 3, 2, 3, 2, 12, 7, 5)]
    table = head_to_head_table(stats)
    assert table is not None
    console = Console(width=80, record=True)
    console.print(table)
    text = console.export_text()
    assert "Ann – Bee" in text
    assert "3–2" in text and "7–5 of 12" in text


def test_the_thai_tables_say_every_figure_in_thai() -> None:
    set_language("th")
    try:
        stats = Stats(filters=Filters(), players=[person(round_streak=1), ai()])
        console = Console(width=80, record=True)
        for table in stats_tables(stats, 76):
            console.print(table)
        text = console.export_text()
        assert "ชนะติดกันมากสุด (รอบ)" in text and "น็อคสี" in text
        assert "pts" not in text and "Penalties" not in text
    finally:
        set_language("en")


def test_a_name_the_game_gave_reads_in_the_language_and_a_chosen_one_as_typed() -> None:
    set_language("th")
    try:
        assert player_name(person(name="You")) == t("seat.you")
        assert player_name(person(name="Player 3")) == t("seat.player", n=3)
        assert player_name(person(name="Ann")) == "Ann"
    finally:
        set_language("en")
