"""A cut of a Thai line between screen regions keeps each letter's marks with it."""

from __future__ import annotations

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
