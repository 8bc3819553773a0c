"""A cut of a Thai line between screen regions keeps each letter's marks with it."""

from __future__ import annotations

from itertools import pairwise

from rich.segment import Segment

from dummy_tui.ui.cells import install, keep_marks


def test_a_cut_after_a_letter_takes_its_marks_along() -> None:
    install()
    for cut, left, right in [(3, "ลงชุ", "ดบนโต๊ะ"), (4, "ลงชุด", "บนโต๊ะ"), (6, "ลงชุดบน", "โต๊ะ")]:
        before, after = Segment("ลงชุดบนโต๊ะ").split_cells(cut)
        assert (before.text, after.text) == (left, right)
        assert before.cell_length == cut
    # two marks on one letter (ที่) go together
    before, after = Segment("รอบที่ 1").split_cells(4)
    assert (before.text, after.text) == ("รอบที่", " 1")


def test_the_regions_of_a_line_never_start_with_a_mark() -> None:
    install()
    pieces = list(Segment.divide([Segment("ตาสุดท้ายของ เลือก")], [2, 3, 5, 13, 15]))
    texts = ["".join(s.text for s in piece) for piece in pieces]
    assert texts == ["ตา", "สุ", "ดท้", "ายของ เลื", "อก"], texts
    assert all(not t or t[0] not in "ัิีึืุู็่้๊๋์" for t in texts)


def test_text_without_marks_is_cut_as_before() -> None:
    assert keep_marks(Segment("ab"), Segment("cd")) == (Segment("ab"), Segment("cd"))
    install()
    assert Segment("hello").split_cells(2) == (Segment("he"), Segment("llo"))


# ---------------------------------------------------------------------------
# a number stays with its word when a line wraps (glue_numbers)


# the words a Thai number counts, after it (a number before any other word
# goes with the word before it: "คูณ 2 เมื่อ…")
COUNTED = ("ใบ", "แต้ม", "คน", "รอบ", "เกม", "แจก", "ครั้ง", "หน่วย", "วินาที")


# a key and the Thai words of what it does: "Enter เริ่มบทที่เลือก"
KEYS = ("Enter", "Esc", "Tab", "F1", "Ctrl+L")


def split_between_number_and_word(lines: list[str]) -> list[tuple[str, str]]:
    """Each place a line ends on a number whose word (ใบ, แต้ม…) starts the
    next line, or ends on a Thai word whose number starts it, or an = of
    "0 = ไม่ใช้" is cut from either side, or a key ends a line whose Thai
    action starts the next, or กด ("press") ends a line before its key."""
    cuts = []
    for line, following in pairwise(lines):
        end, start = line.rstrip()[-1:], following.lstrip()
        number_then_word = end.isdigit() and start.startswith(COUNTED)
        word_then_number = is_thai(end) and (start[:1].isdigit() or start[:1] in "−+")
        cut_sign = end == "=" or start.startswith(("=", "%"))
        key_then_word = line.rstrip().endswith(KEYS) and is_thai(start[:1])
        press_then_key = line.rstrip().endswith("กด")
        if number_then_word or word_then_number or cut_sign or key_then_word or press_then_key:
            cuts.append((line, following))
    return cuts


def is_thai(char: str) -> bool:
    return "\u0e00" <= char <= "\u0e7f"


def test_the_issues_lines_keep_their_numbers_at_every_width() -> None:
    from rich.console import Console
    from rich.text import Text
    from textual.content import Content

    from dummy_tui.ui.cells import glue_numbers

    glue_numbers()
    console = Console(width=200)
    for line in (
        "ตัวคูณน็อคสี คูณ 2 เมื่อไพ่ที่ลงทั้งหมดเป็นดอกเดียว",
        "เผาไพ่ทิ้ง (2 ใบ) ไม่มีใครเห็น",
        "จำนวนใบที่ฝากได้มากที่สุดในหนึ่งรอบ (0 = ไม่ใช้)",
        "อัตราชนะ ในวงเล็บคือช่วงที่มั่นใจได้ 95%",
        "หัวกองได้ 50 แต้ม น็อคสเปโต 100 น็อคสีคูณ 2 ค่าปรับ 50",
        "ให้คุณหาเอง แล้วบอกว่าได้อะไร Enter เริ่มบทที่เลือก Esc กลับ",
        "เคอร์เซอร์ในกองกลางจะอยู่ที่ 5♠ กด Enter แล้วเลือก 5♦ 5♥ 5♠",
    ):
        for width in range(24, 60):  # narrower, a joined pair longer than a line is cut
            by_rich = [part.plain for part in Text(line).wrap(console, width)]
            by_textual = [part.plain for part in Content(line).wrap(width)]
            assert split_between_number_and_word(by_rich) == [], (width, by_rich)
            assert split_between_number_and_word(by_textual) == [], (width, by_textual)


def test_every_thai_text_keeps_its_numbers_when_wrapped() -> None:
    from rich.console import Console
    from rich.text import Text

    from dummy_tui.i18n import catalog
    from dummy_tui.ui.cells import glue_numbers

    glue_numbers()
    console = Console(width=200)

    class Filled(dict[str, object]):
        """A text's numbers filled in; any other field a Thai name."""

        def __missing__(self, key: str) -> object:
            return "สมชาย"

    values = Filled(n=3, limit=10, seconds="0.7", target=500, points=50, m=2, deadwood=7)
    for key, template in catalog("th").items():
        try:
            text = template.format_map(values)
        except (IndexError, ValueError):
            continue  # {value!r} and the like: no number in them
        for width in (30, 40, 60, 76):
            lines = [part.plain for part in Text(text).wrap(console, width)]
            assert split_between_number_and_word(lines) == [], (key, width, lines)


def test_english_wraps_as_before() -> None:
    from rich.console import Console
    from rich.text import Text

    from dummy_tui.ui.cells import glue_numbers

    glue_numbers()
    lines = [part.plain.strip() for part in Text("knock with 2 cards left").wrap(Console(), 12)]
    assert lines == ["knock with 2", "cards left"]
