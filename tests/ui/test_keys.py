"""The public keymap: every binding a player may move has an id, the config
file's ``[keymap]`` moves it (its Thai twin with it), and a wrong id is said once."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.binding import Binding
from textual.dom import DOMNode
from ui_helpers import app_for, config_notices, settled_table, setup, write_config

from dummy_tui.config import load_config
from dummy_tui.engine.actions import Draw
from dummy_tui.engine.round import PLAY
from dummy_tui.keynames import APP_IDS, KEY_GROUPS
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.common import thai_key
from dummy_tui.ui.keys import DEFAULT_KEYS, clashes, game_keymap
from dummy_tui.ui.screens.history_list import HistoryListScreen, MatchRoundsScreen
from dummy_tui.ui.screens.modals import ChoiceScreen, HelpScreen, PrivacyScreen, TooSmallScreen
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.saved_games import SavedGamesScreen
from dummy_tui.ui.screens.stats import StatsScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.screens.table_remote import RemoteTableScreen
from dummy_tui.ui.screens.viewer import ViewerScreen
from dummy_tui.ui.widgets.hand import Hand
from dummy_tui.ui.widgets.row import DiscardRow

NODES: list[type[DOMNode]] = [
    DummyApp,
    TableScreen,
    Hand,
    DiscardRow,
    NewGameScreen,
    RoundEndScreen,
    StatsScreen,
    ViewerScreen,
    ChoiceScreen,
    PrivacyScreen,
    TooSmallScreen,
    HelpScreen,
]


@pytest.mark.parametrize("node", NODES, ids=lambda n: n.__name__)
def test_every_binding_id_has_its_keys_in_the_keymap_table(node: type[DOMNode]) -> None:
    by_id: dict[str, list[str]] = {}
    for binding in Binding.make_bindings(node.BINDINGS):
        if binding.id is None:
            # a key without an id cannot be moved, nor answer on the Thai layout
            assert thai_key(binding.key) is None, (node.__name__, binding)
            continue
        by_id.setdefault(binding.id, []).append(binding.key)
    for binding_id, keys in by_id.items():
        assert binding_id in DEFAULT_KEYS, binding_id
        assert set(DEFAULT_KEYS[binding_id].split(",")) == set(keys), binding_id


def test_the_keymap_adds_the_thai_twins_of_the_final_keys() -> None:
    keymap = game_keymap({"draw": "n", "knock": "k, ?"})
    assert keymap["draw"] == "n,thai_character_sara_uee"  # no d, no ก: d was moved
    assert keymap["knock"] == "k,า,question_mark,ฦ"
    assert keymap["discard"] == "x,ป"
    assert keymap["language"] == "ctrl+l,ctrl+ส"
    assert keymap["help"] == "f1"  # the same on every layout


async def test_a_remapped_key_works_with_its_thai_twin_and_the_old_keys_do_not(
    home: Path,
) -> None:
    write_config(home, '[keymap]\ndraw = "n"\n')
    app = app_for(setup(humans=1, seed=21), config=load_config())
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        game = table.session.round
        # the footer names the new key
        keys = {b.binding.key: b.binding.id for b in table.active_bindings.values()}
        assert keys.get("n") == "draw" and "d" not in keys
        # and so does the prompt
        prompt = str(table.query_one("#status").render())
        assert "(n)" in prompt and "(d)" not in prompt, prompt
        for old in ("d", "ก"):  # d, and d on the Thai layout
            await pilot.press(old)
            await pilot.pause()
            assert game.phase != PLAY and not game.history
        await pilot.press("thai_character_sara_uee")  # the key marked n, on the Thai layout
        await pilot.pause()
        assert game.phase == PLAY and isinstance(game.history[-1][1], Draw)


async def test_an_unknown_binding_id_is_said_once_and_the_rest_applied(home: Path) -> None:
    path = write_config(home, '[keymap]\ndrwa = "z"\ndraw = "n"\n')
    app = app_for(setup(humans=1, seed=21), config=load_config())
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        said = [n.message for n in app._notifications]
        assert said == [
            f"{path}: key 'keymap.drwa': no binding with id 'drwa' (did you mean 'draw'?)"
        ]
        await pilot.press("n")
        await pilot.pause()
        assert table.session.round.phase == PLAY
        await pilot.press("z")  # nothing, and no second word of the mistake
        await pilot.pause()
        assert [n.message for n in app._notifications] == said


async def test_the_thai_layout_keys_answer_on_the_help_and_as_ctrl_keys() -> None:
    app = app_for(setup(humans=1, seed=21))
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("ๆ")  # q on the Thai layout: closes the help
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+ส")  # Ctrl+L: the language
        await pilot.pause()
        assert app.prefs.lang == "th"


def test_the_ids_the_example_config_names_are_bindings() -> None:
    from dummy_tui.config import EXAMPLE

    part = EXAMPLE.split("The ids of the table:")[1].split("(dummy_tui")[0]
    named = {w.strip(" ,;#\n") for w in part.replace("of every screen:", "").split()}
    named.discard("")
    assert len(named) > 20
    assert named <= set(DEFAULT_KEYS), named - set(DEFAULT_KEYS)


async def test_the_footer_is_rebuilt_when_its_keys_change_and_only_then() -> None:
    """Moving the cursor leaves the footer's keys as they were (the same widgets);
    drawing a card offers other moves, and the footer shows them."""
    from textual.widgets._footer import FooterKey

    from dummy_tui.ui.widgets.footer import KeyFooter

    app = app_for(setup(humans=1, seed=21))
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        footer = table.query_one(KeyFooter)
        await pilot.pause()
        before = list(footer.query(FooterKey))
        assert "draw" in {key.action for key in before}
        await pilot.press("right", "right", "left")
        await pilot.pause()
        assert list(footer.query(FooterKey)) == before  # nothing rebuilt
        await pilot.press("d")
        for _ in range(20):
            await pilot.pause()
            after = list(footer.query(FooterKey))
            if after != before:
                break
        actions = {key.action for key in after if not key.has_class("-disabled")}
        assert "draw" not in actions and "discard" in actions, actions
        assert after[0].has_class("-compact") == footer.compact  # the footer's own style


SCREEN_GROUPS: dict[str, list[type[DOMNode]]] = {
    "table": [TableScreen, Hand, DiscardRow],
    "remote_table": [TableScreen, RemoteTableScreen, Hand, DiscardRow],
    "new_game": [NewGameScreen],
    "round_end": [RoundEndScreen],
    "statistics": [StatsScreen],
    "viewer": [ViewerScreen],
    "history": [HistoryListScreen, MatchRoundsScreen],
    "saved_games": [SavedGamesScreen],
    "choice": [ChoiceScreen],
    "help": [HelpScreen],
    "privacy": [PrivacyScreen],
    "too_small": [TooSmallScreen],
}


@pytest.mark.parametrize("group", SCREEN_GROUPS)
def test_each_screens_ids_are_its_key_group(group: str) -> None:
    ids = {
        binding.id
        for node in SCREEN_GROUPS[group]
        for binding in Binding.make_bindings(node.BINDINGS)
        if binding.id is not None
    }
    assert ids == set(KEY_GROUPS[group])
    app_ids = {b.id for b in Binding.make_bindings(DummyApp.BINDINGS) if b.id is not None}
    assert app_ids <= set(APP_IDS)


def test_a_remap_onto_a_key_of_the_same_screen_is_a_clash_and_elsewhere_not() -> None:
    assert clashes({"draw": "x"}) == [("x", "draw", "discard")]
    assert clashes({"draw": "ctrl+k"}) == [("ctrl+k", "draw", "colours")]
    assert clashes({"draw": "n"}) == []  # n is the round end's and the history's, not the table's
    assert clashes({"pick": "p"}) == []  # pick and take share p by design
    assert clashes({"quick": "s", "statistics": "g"}) == []  # a swap


async def test_a_clash_in_the_keymap_is_said(home: Path) -> None:
    path, said = await config_notices(home, '[keymap]\ndraw = "x"\n')
    assert said == [
        f"{path}: key 'keymap.draw': 'x' is also the key of 'discard' on the same screen,"
        " and only one of them will answer it"
    ]


def test_every_default_key_is_a_key_a_keyboard_sends() -> None:
    from dummy_tui.config import is_key
    from dummy_tui.keynames import DEFAULT_KEYS

    for keys in DEFAULT_KEYS.values():
        for key in keys.split(","):
            assert is_key(key), key
    for key in (
        "n",
        "?",
        "ก",
        "ctrl+o",
        "shift+tab",
        "f24",
        "question_mark",
        "thai_character_ko_kai",
    ):
        assert is_key(key), key
    for key in ("zz", "\x00", " ", "f99", "ctrl+", "Ctrl+o", "fn+x", "null", "", "ctrl+zz"):
        assert not is_key(key), key
