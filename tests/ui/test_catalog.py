"""The translation catalogs: complete, the same keys in both, every key the code uses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from string import Formatter

import pytest

from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.errors import MESSAGES, IllegalMoveError, MoveError
from dummy_tui.families import HOME
from dummy_tui.i18n import catalog, cli_catalog, set_keys, set_language, t
from dummy_tui.keynames import DEFAULT_KEYS
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.screens.modals import help_text
from dummy_tui.ui.tutorial.lessons import lesson_texts
from dummy_tui.ui.words import fmt, fmt_about, refusal_text

UI = Path(__file__).resolve().parents[2] / "dummy_tui" / "ui"


def test_both_catalogs_have_the_same_keys() -> None:
    en, th = catalog("en"), catalog("th")
    # English singular forms (KEY_one) and the forms for "You" as subject
    # (KEY_you: "You win") need no Thai counterpart, as Thai has no plural and
    # its verb does not change with its subject; Thai has its own where one
    # card or "you" reads otherwise (log.pick_one, end.fool_you)
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
    assert fmt_about("end.winner", "คุณ", name="คุณ").plain == "คุณชนะเกมนี้!"
    assert fmt_about("end.winner", "มาลี", name="มาลี").plain == "มาลี ชนะเกมนี้!"
    assert "ใบที่คุณทิ้ง" in fmt_about("end.fool", "คุณ", name="คุณ").plain
    set_language("en")


def test_one_card_is_singular_in_english_and_said_as_one_in_thai() -> None:
    set_language("en")
    assert t("panel.cards", n=1) == "1 card"
    assert t("panel.cards", n=2) == "2 cards"
    assert t("hand.title", name="You", n=1) == "You: 1 card"
    assert str(fmt("pick.intro", card="7H", n=1, cards="7H")).startswith("You take 7H, the newest")
    assert "(3 cards)" in str(fmt("log.pick", name="A", card="7H", n=3, meld="7H 7S 7D"))
    set_language("th")
    try:
        assert t("panel.cards", n=1) == "1 ใบ"
        # the newest card alone is no "every card after it: 1 card"
        one = str(fmt("pick.intro", card="7H", n=1, cards="7H"))
        assert one.startswith("คุณเก็บ 7H ใบล่าสุด") and "ทุกใบ" not in one, one
        assert "รวม 3 ใบ (7H 8S 9D)" in str(fmt("pick.intro", card="7H", n=3, cards="7H 8S 9D"))
        one = str(fmt("log.pick", name="A", card="7H", n=1, meld="7H 7S 7D"))
        assert "7H ใบเดียว" in one and "(1 ใบ)" not in one, one
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_no_value_is_empty(lang: str) -> None:
    # a separator (``*_join``) may be a space, as Thai lists are written
    empty = [k for k, v in catalog(lang).items() if not v.strip() and not k.endswith("_join")]
    assert empty == []


def test_every_key_the_code_names_exists() -> None:
    en = catalog("en")
    used: set[str] = set()
    for path in UI.rglob("*.py"):
        used |= set(re.findall(r'\b(?:t|fmt)\("([a-z_]+\.[a-z_.-]+)"', path.read_text()))
    missing = sorted(k for k in used if k not in en)
    assert missing == []
    assert len(used) > 80


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
    # English names the presets by their keys; Thai by their Thai names alone
    presets = {"en": ("`rummy`", "`gin`", "`persian`"), "th": ("รัมมี่ธรรมดา", "จินรัมมี่", "รัมมี่เปอร์เซีย")}
    for preset in presets[lang]:
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


# ---------------------------------------------------------------------------
# refusals: every case the engine names, in every language, with its cards


def fields(text: str) -> set[str]:
    """The names of the ``{placeholders}`` of a template."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}


def catalog_key(message_key: str) -> str:
    """``rule.detail`` of ``errors.MESSAGES`` as the catalog writes it: ``rule.rule_detail``."""
    return "rule." + message_key.replace(".", "_")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_refusal_the_engine_names_has_its_own_entry(lang: str) -> None:
    texts = catalog(lang)
    missing = [k for k in MESSAGES if catalog_key(k) not in texts]
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_refusals_entry_fills_in_what_the_english_names(lang: str) -> None:
    texts = catalog(lang)
    wrong = {}
    for key, english in MESSAGES.items():
        forms = english if isinstance(english, tuple) else (english,)
        wanted = set().union(*(fields(f) for f in forms))
        own = catalog_key(key)
        found = [texts[own], *([texts[f"{own}_one"]] if f"{own}_one" in texts else [])]
        for text in found:
            # {k_ID}, the key the player's keymap binds to ID, is the interface's own
            own_fields = {f for f in fields(text) if not f.startswith("k_")}
            if own_fields != wanted:
                wrong[own] = (sorted(own_fields), sorted(wanted))
    assert wrong == {}


LOOK = CardLook()


def shown(exc: MoveError, lang: str) -> str:
    set_language(lang)
    try:
        return refusal_text(exc, LOOK).plain
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_refusal_names_its_card_as_the_table_shows_it(lang: str) -> None:
    seven = parse_card("7H")
    said = shown(IllegalMoveError("not_in_hand", card=seven), lang)
    assert "7♥" in said and "7H" not in said, said
    knock = shown(IllegalMoveError("knock_limit", card=seven, deadwood=14, limit=10), lang)
    assert "7♥" in knock and "14" in knock and "10" in knock, knock
    meld = tuple(parse_card(c) for c in ("KH", "KS", "JK"))
    cards = shown(IllegalMoveError("not_a_meld", "jokers", cards=meld), lang)
    assert "K♥ K♠ JK" in cards, cards
    # the same refusal in the other language is another sentence, not the English
    assert shown(IllegalMoveError("not_in_hand", card=seven), "th") != shown(
        IllegalMoveError("not_in_hand", card=seven), "en"
    )


def test_a_number_chooses_the_singular_where_the_language_has_one() -> None:
    assert "1 card this round" in shown(IllegalMoveError("layoff_limit", n=1), "en")
    assert "2 cards this round" in shown(IllegalMoveError("layoff_limit", n=2), "en")
    assert "1 ใบ" in shown(IllegalMoveError("layoff_limit", n=1), "th")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_case_without_its_own_entry_is_said_by_its_rules(lang: str) -> None:
    card = parse_card("QS")
    case = shown(IllegalMoveError("not_in_hand", "some_new_case", card=card), lang)
    rule = shown(IllegalMoveError("not_in_hand", card=card), lang)
    assert case == rule and "Q♠" in case
    # a family's wording of a rule it shares: the family's entry, else the rule's
    assert shown(IllegalMoveError("take_first", "gin"), lang) != shown(
        IllegalMoveError("take_first"), lang
    )
    assert shown(IllegalMoveError("take_first", "dummy"), lang) == shown(
        IllegalMoveError("take_first"), lang
    )


# ---------------------------------------------------------------------------
# the Thai glossary (docs/thai-glossary.md): one word for each thing

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "thai-glossary.md"

# keys that speak of Dummy alone, where the row is กองกลาง
DUMMY_ONLY = (
    "row.title",
    "row.legend",
    "prompt.take",
    "prompt.take_draw",
    "prompt.take_first_turn",
    "prompt.take_stock_out",
    "prompt.choose_row",
    "prompt.play_unborn",
    "hint.why_",
    "rule.take_first",
    "rule.not_born",
    "rule.not_in_row",
    "rule.stock_out_",
    "rule.pickup_meld",
    "family.dummy",
)

# a retired word or phrase (a regular expression), the keys it may still
# appear in (None: none), and what the glossary says instead
RETIRED: list[tuple[str, tuple[str, ...], str]] = [
    (r"ชุดกติกา|ชุดนี้", ("rule.", "table.", "gin.", "act.", "hand."), "a preset is แบบกติกา"),
    (r"กติกาเสริม", (), "house rules are กติกาบ้าน"),
    (r"(?<!เ)ท่า|การเดิน", (), "a move, a step of the review, is ตา"),
    (r"ตาสุดท้าย", ("end.last_turn",), "the review's end is ตอนจบ; ตาสุดท้าย a player's last turn"),
    (r"แต้มเดียวกัน|ตามแต้ม|เขียนแต้ม", (), "a rank is หน้าไพ่"),
    (r"\{name\} โง่", (), "the discarder โดนโง่"),
    (r"เอซ", (), "the ace is A"),
    (r"มัน", (), "a card is ใบนั้น"),
    (
        r"เก็บ(ไพ่)?ไว้|ไปเก็บ|เก็บ(รอบ|ประวัติ|ทุกรอบ)",
        (),
        "เก็บ is the pick-up: keep is ถือไว้, store ลงประวัติ",
    ),
    (r"มือ(นี้|นั้น)?เป็นโมฆะ|มือจบ", (), "a deal void of score is รอบนี้เป็นโมฆะ; มือ is the cards in hand"),
    (r"เจ้ามือ", (), "the dealer is คนแจก"),
    (r"ทิ้งตามมา|ทิ้งทับ", (), "the cards after the one picked up are ทุกใบที่ทิ้งตามหลัง"),
    (r"ไพ่ของฉัน|ดูไพ่ของคุณ", (), "the hand-over says ดูไพ่"),
    (r"ไฟล์กำหนดค่า", (), "config.toml is ไฟล์ตั้งค่า"),
    (r"(?<![A-Za-z-])AI(?![A-Za-z])", (), "a computer player is คอม"),
    (r"เว้นวรรค", (), "the space bar is สเปซบาร์"),
    (r"แต้ม(เฉลี่ย|รวม)", (), "a score, a total, is คะแนน"),
    (r"โง่มืดจนชนมืด", (), "a first-turn dark knock that fools is โง่ตาแรก"),
    (r"เปิด/ปิด|ถ้าปิด|เมื่อเปิด|(?<!เ)ปิดไพ่", (), "an option is ใช้ or ไม่ใช้; face down is คว่ำ"),
    (
        r"^(ใคร\S*|\S*(นับอย่างไร|คูณอะไร|ได้กี่ใบ|เมื่อไร))$",
        ("optval.",),  # a setting may be "anyone": ใครก็ได้
        "an option's name is a name",
    ),
]

# one thing, one word: where the English text names the thing (a regular
# expression, matched without case), the Thai text of the same key says the
# glossary's word, and not the word it replaced
SAME_THING: list[tuple[str, str, str | None, str]] = [
    (r"\bdealer\b", "คนแจก", None, "dealer"),
    (r"\bpresets?\b(?!\})|^Rules$", "แบบกติกา", r"(?<!แบบ)กติกา(?!บ้าน)", "preset"),
    (r"\bfools\b|\bwas the fool\b|\bwere the fool\b", r"โดน\s*โง่", None, "fooled"),
    (
        r"(mean|round) score|^Totals \(|target score|higher total",
        "คะแนน",
        r"แต้ม(เฉลี่ย|รวม)",
        "score",
    ),
    (r"config file|config\.toml", "ไฟล์ตั้งค่า", None, "config.toml"),
    (r"your settings|settings\.json", "ค่าที่เกมจำไว้", "ไฟล์ตั้งค่า", "settings.json"),
    (r"0 = off|^off$|; off:|is off\b", "ไม่ใช้", r"(?<!ใบ)ปิด", "off"),
    (r"(?<!\{)\bclose", "ปิด", None, "close"),
    (r"\bspace\b", "สเปซบาร์", None, "space bar"),
    (r"(?<!-)\bAI\b", "คอม", None, "computer player"),
    (r"after it|above it|discarded after", "ทิ้งตามหลัง", None, "cards after the pick"),
    (r"picked up the head card", "เกิดหัว", None, "head card picked up"),
    (
        r"discard(ed|ing)? (a (layoff )?card that|into the row)|discard rules|row-meld",
        "ทิ้งโง่",
        None,
        "discard penalties",
    ),
    (r"show my cards|see your cards", "ดูไพ่", "ไพ่ของ", "hand-over"),
    (
        r"\bmove \{k\}|move by move|^The move before$|^The next move$",
        "ตา",
        "การเดิน",
        "review step",
    ),
    (r"^The end of the round$|^Last$", "ตอนจบ", "ตาสุดท้าย", "review end"),
]


def thai_texts() -> dict[str, str]:
    cli = {f"cli.{k}": v for k, v in cli_catalog("th").items()}
    lessons = {f"lesson.{k}": v for k, v in lesson_texts("th").items()}
    return {**catalog("th"), **cli, **lessons, "help": help_text("th")}


def english_texts() -> dict[str, str]:
    cli = {f"cli.{k}": v for k, v in cli_catalog("en").items()}
    lessons = {f"lesson.{k}": v for k, v in lesson_texts("en").items()}
    return {**catalog("en"), **cli, **lessons}


@pytest.mark.parametrize(
    ("english", "word", "instead", "thing"), SAME_THING, ids=[s[3] for s in SAME_THING]
)
def test_where_the_english_names_a_thing_the_thai_says_its_one_word(
    english: str, word: str, instead: str | None, thing: str
) -> None:
    en, th = english_texts(), thai_texts()
    named = [k for k, v in en.items() if k in th and re.search(english, v, re.I | re.M)]
    assert named, thing  # the check looks at something
    wrong = {
        k: th[k]
        for k in named
        if not re.search(word, th[k]) or (instead is not None and re.search(instead, th[k]))
    }
    assert wrong == {}, f"{thing}: {word}"


def test_the_glossary_is_in_the_repository() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    for word in ("กองกลาง", "หมดมือ", "บันทึกการเล่น", "แบบกติกา", "กติกาบ้าน", "หน้าไพ่"):
        assert word in text, word


RETIRED_IDS = [
    "preset", "house-rules", "move", "review-end", "rank", "fool", "ace", "it", "pick-up",
    "deal", "dealer", "after-the-pick", "hand-over", "config", "computer", "space", "score",
    "first-turn-fool", "off", "option-name",
]  # fmt: skip


@pytest.mark.parametrize(("pattern", "allowed", "instead"), RETIRED, ids=RETIRED_IDS)
def test_no_thai_text_uses_a_retired_word(
    pattern: str, allowed: tuple[str, ...], instead: str
) -> None:
    found = {
        k: v
        for k, v in thai_texts().items()
        if re.search(pattern, v) and not k.startswith(allowed or ("\0",))
    }
    assert found == {}, instead


def test_dummys_row_is_the_kong_klang() -> None:
    from dummy_tui.rules import RULESET_TYPES

    others = {k for f, m in RULESET_TYPES.items() if f != HOME for k in m.model_fields}
    dummy_opts = {f"opt.{k}" for k in RULESET_TYPES[HOME].model_fields if k not in others}
    texts = catalog("th")
    dummy = {k for k in texts if k.startswith(DUMMY_ONLY) or k in dummy_opts}
    dummy -= {"row.title_persian", "row.legend_persian", "rule.take_first_gin"}
    dummy -= {"rule.take_first_rummy", "rule.take_first_persian"}
    assert {k: texts[k] for k in dummy if "กองทิ้ง" in texts[k]} == {}
    assert "กองกลาง" in texts["row.title"]


def test_ook_is_quit_and_going_out_is_mot_mue() -> None:
    # ออก within another word (ส่งออก: export; ย้ายออก: move away) is no quitting
    quit_keys = {"key.quit", "key.leave", "key.app_quit", "end.after_match", "end.continue"}
    quit_keys |= {"end.continue_deal", "small.text", "cmd.quit"}
    found = {}
    for k, v in thai_texts().items():
        bare = re.sub(r"ส่งออก|ย้ายออก|ออกจาก", "", v)
        if k == "help":
            # the help names quitting on the line of q alone
            bare = "\n".join(line for line in bare.splitlines() if not line.startswith("| q"))
        if "ออก" in bare and k not in quit_keys:
            found[k] = v
    assert found == {}


def test_bantuek_is_the_game_log_alone() -> None:
    # saving is เซฟ, exporting ส่งออก, the history ประวัติ
    found = {k: v for k, v in thai_texts().items() if re.search(r"บันทึก(?!การเล่น)", v)}
    assert found == {}


def test_a_score_line_names_its_item_once() -> None:
    # the round end shows item.KEY and, when it differs, term.KEY beside it
    texts = catalog("th")
    twice = {
        k: (v, texts[f"term.{k.removeprefix('item.')}"])
        for k, v in texts.items()
        if k.startswith("item.")
        and f"term.{k.removeprefix('item.')}" in texts
        and texts[f"term.{k.removeprefix('item.')}"] not in v
    }
    assert twice == {}


def test_every_preset_and_listed_option_has_a_name_in_both_languages() -> None:
    from dummy_tui.rules import RULESET_TYPES, load_rulesets
    from dummy_tui.ui.screens.form import family_options

    wanted = {f"presetname.{name}" for name in load_rulesets()}
    wanted |= {f"preset.{name}" for name in load_rulesets()}
    wanted |= {f"optname.{k}" for family in RULESET_TYPES for k in family_options(family)}
    for lang in ("en", "th"):
        assert sorted(wanted - set(catalog(lang))) == [], lang
    # a Thai name is Thai, not the English one or the key
    th, en = catalog("th"), catalog("en")
    same = [k for k in wanted if th[k] == en[k] or th[k] == k.split(".", 1)[1]]
    assert same == []


def test_a_preset_of_ones_own_rules_file_keeps_its_own_name() -> None:
    from dummy_tui.i18n import option_name, preset_name

    set_language("th")
    try:
        assert preset_name("gin") == "จินรัมมี่"
        assert preset_name("heads-up") == "heads-up"
        assert option_name("knock_points") == "แต้มน็อค"
        assert option_name("some_new_option") == "some_new_option"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_key_a_text_names_is_a_binding_and_follows_the_keymap(lang: str) -> None:
    texts = {k: v for k, v in catalog(lang).items() if "{k_" in v}
    assert len(texts) >= 25  # the prompts, the refusals, the round end's line
    named = {f for text in texts.values() for f in fields(text) if f.startswith("k_")}
    assert {f.removeprefix("k_") for f in named} <= set(DEFAULT_KEYS)
    set_language(lang)
    try:
        # every binding moved to a key no default uses: each text names the new key
        set_keys({bid: f"f{n + 13}" for n, bid in enumerate(DEFAULT_KEYS)})
        for key in texts:
            base = key.removesuffix("_one").removesuffix("_you")
            # every other field filled (a card, a meld, a number)
            filled: dict[str, str | int] = {
                f: "9♠" for f in fields(texts[key]) if not f.startswith("k_")
            }
            filled |= {"limit": 10, "n": 2}
            for shown in (t(base, **filled), fmt(base, **filled).plain):
                assert "{k_" not in shown, (key, shown)
                assert re.search(r"f(1[3-9]|[2-9]\d)", shown), (key, shown)
    finally:
        set_keys({})
        set_language("en")


@pytest.mark.parametrize(
    ("lang", "row"), [("en", "| j | draw from the stock |"), ("th", "| j | จั่ว |")]
)
def test_the_helps_table_of_keys_names_each_key_as_mapped(lang: str, row: str) -> None:
    assert row.replace("| j |", "| d |") in help_text(lang)  # the default
    set_keys({"draw": "j,่"})  # as the app gives it: the key, then its Thai twin
    try:
        text = help_text(lang)
        assert row in text and "{k_" not in text
        assert row.replace("| j |", "| d |") not in text
    finally:
        set_keys({})


# ---------------------------------------------------------------------------
# the rules as the texts state them (dummy-rules.md)


def test_the_show_needs_both_spe_to_cards() -> None:
    # §14.3: a player dealt both spe-to cards shows them; one alone is no show
    assert "2♣ and Q♠" in catalog("en")["cmd.show"] and " or " not in catalog("en")["cmd.show"]
    assert "2♣ กับ Q♠" in catalog("th")["cmd.show"] and "หรือ" not in catalog("th")["cmd.show"]


def test_a_pick_up_with_the_stock_empty_ends_the_round_at_the_next_discard() -> None:
    # §14.2 stock_out_pickup = "any": the next discard that is not a knock ends the round
    en, th = catalog("en")["opt.stock_out_pickup"], catalog("th")["opt.stock_out_pickup"]
    assert "ending the round" in en and "play on" not in en
    assert "จบรอบ" in th and not th.endswith("เล่นต่อ")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a dark knock is possible only in the turn of your first pick-up"),
        ("th", "น็อคมืดจึงได้เฉพาะในตาที่เก็บครั้งแรก"),
    ],
)
def test_open_first_still_allows_a_dark_knock_in_the_first_pick_ups_turn(
    lang: str, said: str
) -> None:
    # §14.1 unborn_play = "never": the meld of a pick-up makes the player born,
    # who may then lay everything down and knock in that turn
    text = " ".join(help_text(lang).split())
    assert said in text
    assert "not even for a knock" not in text and "น็อคก็ไม่ได้" not in text
    option = catalog(lang)["opt.unborn_play"]
    assert ("first pick-up" if lang == "en" else "ตาที่เก็บครั้งแรก") in option


def test_a_catalog_is_read_from_its_cached_copy_only_while_that_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dummy_tui.i18n import _load

    monkeypatch.setenv("DUMMY_TUI_HOME", str(tmp_path))
    kept = tmp_path / "cache" / "catalog-en.toml.json"
    first = _load("en.toml")
    assert first["key.draw"] and kept.exists()
    # a copy kept for other catalog text is not used: the TOML is read again
    data = json.loads(kept.read_text(encoding="utf-8"))
    data["words"]["key.draw"] = "stale"
    kept.write_text(json.dumps({**data, "key": "another catalog"}), encoding="utf-8")
    assert _load("en.toml")["key.draw"] == first["key.draw"]
    # one whose text is damaged is read again, and written anew
    kept.write_text('{"key": ', encoding="utf-8")
    assert _load("en.toml") == first
    assert json.loads(kept.read_text(encoding="utf-8"))["words"] == first
    # and a matching copy is what is read
    data = json.loads(kept.read_text(encoding="utf-8"))
    data["words"]["key.draw"] = "from the copy"
    kept.write_text(json.dumps(data), encoding="utf-8")
    assert _load("en.toml")["key.draw"] == "from the copy"


def test_in_thai_every_default_key_is_named_by_its_key_cap_or_its_sign() -> None:
    """Thai footers and texts name a key as printed on the keyboard (Esc,
    Ctrl+L, /), never by the word Textual gives it (slash, question_mark)."""
    from dummy_tui.i18n import key_name

    set_language("th")
    try:
        words = {bid: key_name(keys) for bid, keys in DEFAULT_KEYS.items()}
    finally:
        set_language("en")
    assert words["chat"] == "/"
    textual_words = {bid: w for bid, w in words.items() if re.fullmatch(r"[a-z_]{2,}", w)}
    assert textual_words == {}
