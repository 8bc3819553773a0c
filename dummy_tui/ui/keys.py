"""The game's keys by binding id: the public keymap.

Every binding a player may want to move has an id (``draw``, ``knock``, …),
and :data:`DEFAULT_KEYS` lists them all with their keys as the screens bind
them (a test holds the two together).  The app gives Textual one keymap
(:meth:`textual.app.App.set_keymap`), made by :func:`game_keymap` from the
*final* keys — the config file's ``[keymap]`` over the defaults — each key
with its twin on the Thai keyboard layout ("d" → "d,ก"): a remapped id loses
every key it had, so the Thai twin of a default key cannot outlive a remap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.binding import Binding, BindingType

from dummy_tui.keynames import APP_IDS, KEY_GROUPS
from dummy_tui.keynames import DEFAULT_KEYS as DEFAULT_KEYS
from dummy_tui.ui.common import key_name, thai_key


def normal_keys(keys: str) -> list[str]:
    """``keys`` ("n, ?") as Textual names them ("n", "question_mark")."""
    names = [k.strip() for k in keys.split(",") if k.strip()]
    return [key_name(k) if len(k) == 1 else k for k in names]


def with_thai_twins(keys: Iterable[str]) -> list[str]:
    """The keys, each followed by the key it becomes on the Thai layout, if any."""
    out: list[str] = []
    for key in keys:
        for name in (key, thai_key(key)):
            if name is not None and name not in out:
                out.append(name)
    return out


def game_keymap(remaps: Mapping[str, str]) -> dict[str, str]:
    """The keymap for :meth:`~textual.app.App.set_keymap`: every id with its
    keys (the player's ``remaps`` over the defaults), each key joined by its
    Thai twin.

    Every id, even one whose keys stay as they are: Textual puts the keys of
    the ids in a keymap after the others, so a keymap of some ids only would
    reorder the footer.
    """
    return {
        binding_id: ",".join(with_thai_twins(normal_keys(remaps.get(binding_id, default))))
        for binding_id, default in DEFAULT_KEYS.items()
    }


def clashes(remaps: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """The keys the player's ``remaps`` put on two ids of one screen that the
    defaults keep apart: (key, the remapped id, the other id), once each."""
    final = {i: set(normal_keys(remaps.get(i, keys))) for i, keys in DEFAULT_KEYS.items()}
    default = {i: set(normal_keys(keys)) for i, keys in DEFAULT_KEYS.items()}
    found: list[tuple[str, str, str]] = []
    for group in KEY_GROUPS.values():
        ids = (*group, *APP_IDS)
        for moved in remaps:
            if moved not in ids:
                continue
            for other in ids:
                if other == moved or default[moved] & default[other]:
                    continue  # one key for both on purpose (pick and take, end and pass)
                for key in sorted(final[moved] & final[other]):
                    if (key, moved, other) not in found and (key, other, moved) not in found:
                        found.append((key, moved, other))
    return found


def bound_to(bindings: Iterable[BindingType], key: str, keymap: Mapping[str, str]) -> list[Binding]:
    """The bindings of ``bindings`` (a class's ``BINDINGS``) that ``key`` sets off
    under ``keymap`` (a binding with an id in it has the keymap's keys)."""
    found: dict[tuple[str, str | None], Binding] = {}
    for binding in Binding.make_bindings(bindings):
        mapped = keymap.get(binding.id) if binding.id is not None else None
        keys = mapped.split(",") if mapped is not None else [binding.key]
        if key in keys:
            found.setdefault((binding.action, binding.id), binding)
    return list(found.values())
