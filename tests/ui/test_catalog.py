"""The translation catalogs: complete, the same keys in both, every key the code uses."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dummy_tui.engine import state
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.ui.i18n import catalog, set_language, t
from dummy_tui.ui.screens.modals import help_text
from dummy_tui.ui.words import fmt, fmt_about, rule_text

UI = Path(__file__).resolve().parents[2] / "dummy_tui" / "ui"


def test_both_catalogs_have_the_same_keys() -> None:
    en, th = catalog("en"), catalog("th")
    # English singular forms (KEY_one) have no Thai counterpart: Thai has no
    # plural; nor have the forms for "You" as subject (KEY_you: "You win"), as
    # a Thai verb does not change with its subject
    singular = {k for k in en if k.endswith(("_one", "_you"))}
    assert all(k.removesuffix("_one").removesuffix("_you") in en for k in singular)
    assert set(en) - singular - set(th) == set(), "missing in Thai"
    assert set(th) - set(en) == set(), "missing in English"


def test_a_sentence_about_you_agrees_with_you() -> None:
    set_language("en")
    assert fmt_about("end.winner", "You", name="You").plain == "You win the match!"
    assert fmt_about("end.winner", "Malee", name="Malee").plain == "Malee wins the match!"
    assert fmt_about("end.fool", "You", name="You").plain.startswith("You were the fool")
    assert fmt_about("end.fool", "Niran", name="Niran").plain.startswith("Niran was the fool")
    set_language("th")
    assert fmt_about("end.winner", "คุณ", name="คุณ").plain == "คุณ ชนะเกมนี้!"
    set_language("en")


def test_one_card_is_singular_in_english_and_the_same_in_thai() -> None:
    set_language("en")
    assert t("panel.cards", n=1) == "1 card"
    assert t("panel.cards", n=2) == "2 cards"
    assert t("hand.title", name="You", n=1) == "You: 1 card"
    assert str(fmt("pick.intro", card="7H", n=1, cards="7H")).startswith("You take 7H, the newest")
    assert "(3 cards)" in str(fmt("log.pick", name="A", card="7H", n=3, meld="7H 7S 7D"))
    set_language("th")
    try:
        assert t("panel.cards", n=1) == "1 ใบ"
        assert ": 1 ใบ (7H)" in str(fmt("pick.intro", card="7H", n=1, cards="7H"))
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_no_value_is_empty(lang: str) -> None:
    empty = [k for k, v in catalog(lang).items() if not v.strip()]
    assert empty == []


def test_every_key_the_code_names_exists() -> None:
    en = catalog("en")
    used: set[str] = set()
    for path in UI.rglob("*.py"):
        used |= set(re.findall(r'\b(?:t|fmt)\("([a-z_]+\.[a-z_.-]+)"', path.read_text()))
    missing = sorted(k for k in used if k not in en)
    assert missing == []
    assert len(used) > 80


def test_every_rule_the_engine_names_is_translated() -> None:
    source = (
        Path(state.__file__).read_text()
        + Path(state.__file__).with_name("record.py").read_text()
        + "".join(p.read_text() for p in Path(state.__file__).with_name("families").glob("*.py"))
    )
    rules = set(re.findall(r'IllegalMoveError\(\s*"([a-z_]+)"', source))
    assert rules
    missing = sorted(r for r in rules if f"rule.{r}" not in catalog("th"))
    assert missing == []


def engine_rule_cases() -> set[tuple[str, str]]:
    """(rule, case) for every ``IllegalMoveError(rule, message, case)`` the engine raises.

    A case given by name is read from the ``reason, case = "...", "jokers"``
    assignments of its file.
    """
    cases: set[tuple[str, str]] = set()
    for path in Path(state.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text())
        assigned: dict[str, set[str]] = {}
        for n in ast.walk(tree):
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Tuple):
                for target in n.targets:
                    if isinstance(target, ast.Tuple):
                        for name, value in zip(target.elts, n.value.elts, strict=False):
                            if isinstance(name, ast.Name) and isinstance(value, ast.Constant):
                                assigned.setdefault(name.id, set()).add(str(value.value))
        for n in ast.walk(tree):
            if not (
                isinstance(n, ast.Call)
                and isinstance(n.func, ast.Name)
                and n.func.id == "IllegalMoveError"
                and len(n.args) == 3
                and isinstance(n.args[0], ast.Constant)
            ):
                continue
            rule, case = str(n.args[0].value), n.args[2]
            if isinstance(case, ast.Constant):
                names = {str(case.value)}
            else:
                assert isinstance(case, ast.Name)
                names = assigned[case.id]
            cases |= {(rule, name) for name in names if name}
    return cases


def test_every_case_of_a_rule_the_engine_names_has_its_own_translation() -> None:
    cases = engine_rule_cases()
    assert {
        ("not_a_meld", "jokers"),
        ("not_a_meld", "ace_low"),
        ("pickup_meld", "contain"),
    } <= cases
    for lang in ("en", "th"):
        missing = sorted(f"rule.{r}_{c}" for r, c in cases if f"rule.{r}_{c}" not in catalog(lang))
        assert missing == [], lang


def test_a_refusal_is_worded_for_its_case_and_names_cards_as_the_table_does() -> None:
    jokers = IllegalMoveError("not_a_meld", "not a meld: KH KS JK (jokers are not wild)", "jokers")
    unknown_case = IllegalMoveError("not_a_meld", "not a meld: 10H JH AS (...)", "no_such_case")
    set_language("th")
    try:
        assert rule_text(jokers) == t("rule.not_a_meld_jokers") != t("rule.not_a_meld")
        assert "โจ๊กเกอร์" in rule_text(jokers)
        # a case without its own sentence falls back to the rule's
        assert rule_text(unknown_case) == t("rule.not_a_meld")
    finally:
        set_language("en")
    assert rule_text(jokers) == "not a meld: K♥ K♠ JK (jokers are not wild)"
    assert rule_text(unknown_case) == "not a meld: 10♥ J♥ A♠ (...)"
    assert rule_text(jokers, ascii_only=True) == str(jokers)


def test_thai_is_really_thai() -> None:
    set_language("th")
    assert t("key.draw") == "จั่ว"
    assert t("panel.born") == "เกิด"
    set_language("en")
    assert t("key.draw") == "Draw"


@pytest.mark.parametrize("lang", ["en", "th"])
def test_help_has_rules_glossary_and_keys(lang: str) -> None:
    text = help_text(lang)
    for term in (
        "เกิด",
        "ฝาก",
        "น็อคมืด",
        "สเปโต",
        "หัวกอง",
        "ตกตึก",
        "โง่",
        "จั่ว",
        "เก็บ",
        "ทิ้ง",
        "ชุด",
        "ตอง",
        "เรียง",
    ):
        assert term in text, term
    for key in ("| d |", "| p |", "| m |", "| f |", "| x |", "| k |", "| u |", "| h |", "F1"):
        assert key in text, key


@pytest.mark.parametrize("lang", ["en", "th"])
def test_help_covers_every_family(lang: str) -> None:
    text = help_text(lang)
    for preset in ("`rummy`", "`gin`", "`persian`"):
        assert preset in text, preset
    words = {
        "en": ("deadwood", "Undercut", "partner", "joker", "ace is low", "at once"),
        "th": ("ไพ่เศษ", "ตัดหน้า", "คู่หู", "โจ๊กเกอร์", "A เป็นไพ่ต่ำ", "ทีเดียว"),
    }
    for word in words[lang]:
        assert word in text, word


def test_scores_use_the_true_minus_sign() -> None:
    from dummy_tui.ui.common import signed

    assert [signed(n) for n in (-25, 0, 140)] == ["\u221225", "0", "140"]


# the status line at 80 columns: 78 cells inside its padding
STATUS_CELLS = 78
# prompts of the part of a turn that may follow a draw, shown after "You drew 10♥."
AFTER_DRAW = (
    "play",
    "play_unborn",
    "play_unborn_knock",
    "knock",
    "gin_knock",
    "gin_play",
    "rummy_play",
    "rummy_last",
    "persian_play",
)


@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_turn_prompt_fits_one_status_line_at_80_columns(lang: str) -> None:
    from rich.cells import cell_len

    set_language(lang)
    try:
        prompts = {k.removeprefix("prompt."): k for k in catalog(lang) if k.startswith("prompt.")}
        values = {"card": "10♥", "limit": 10, "name": "Somchai"}
        drew = t("prompt.drew", **values)
        for short, key in prompts.items():
            text = t(key, **values)
            assert cell_len(text) <= STATUS_CELLS, (key, text)
            if short in AFTER_DRAW:
                line = f"{drew} {text}"
                assert cell_len(line) <= STATUS_CELLS, (key, line)
    finally:
        set_language("en")
