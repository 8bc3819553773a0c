"""The build of dummy-tui: the game engine and the Dummy AI compiled with mypyc.

A regular install (``pip install .``, a wheel) compiles the modules that
``[tool.dummy-tui.mypyc]`` in pyproject.toml names with mypyc (part of mypy,
a build requirement) into C extensions beside the ``.py`` files: the same
code, several times faster.  Without a C compiler, or when the compiling
fails, it installs pure Python with a warning.  An editable install
(``pip install -e .``) stays pure Python, so that edits take effect.

``DUMMY_TUI_MYPYC`` decides otherwise: ``0`` builds pure Python; ``1``
compiles, editable installs too, and fails rather than fall back to pure.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tomllib
from concurrent.futures import ThreadPoolExecutor
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
CHOICE = os.environ.get("DUMMY_TUI_MYPYC", "").strip()
REQUIRED = CHOICE == "1"
# the commands that make a wheel's or an install's contents (pip runs setup.py
# for metadata too, where nothing needs compiling)
BUILDS = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"}
EDITABLE = {"editable_wheel", "develop"}


def warn(text: str) -> None:
    print(f"dummy-tui: {text}", file=sys.stderr)


def compiled_paths() -> list[str]:
    """The source files to compile, as pyproject.toml names them (globs, less the
    files excluded), relative to this directory."""
    with open(HERE / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)["tool"]["dummy-tui"]["mypyc"]
    excluded = set(config["exclude"])
    paths = {p for pattern in config["include"] for p in glob(pattern, root_dir=HERE)}
    return sorted(Path(p).as_posix() for p in paths if Path(p).as_posix() not in excluded)


def has_c_compiler() -> bool:
    """Is the C compiler Python was built with (or ``$CC``) on the PATH?"""
    if os.name == "nt":
        return True  # MSVC is found by setuptools itself; a failure falls back below
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None


def extensions() -> list[Extension]:
    """The mypyc extensions to build, or none for pure Python."""
    args = set(sys.argv[1:])
    if CHOICE == "0" or not args & BUILDS:
        return []
    if args & EDITABLE and not REQUIRED:
        return []  # editable: pure Python unless asked (DUMMY_TUI_MYPYC=1)
    if not has_c_compiler():
        if REQUIRED:
            raise SystemExit("dummy-tui: DUMMY_TUI_MYPYC=1 but no C compiler was found")
        warn("no C compiler found: installing pure Python (slower AI and engine)")
        return []
    try:
        from mypyc.build import mypycify

        return list(
            mypycify(
                compiled_paths(),
                opt_level="3",
                debug_level="0",
                group_name="dummy_tui_mypyc",
                # a C file a module, not one file of them all: the compiler takes
                # about two thirds of the time on them (smaller units), and
                # OptionalBuildExt compiles them side by side
                multi_file=True,
            )
        )
    except (Exception, SystemExit) as error:
        if REQUIRED:
            raise
        warn(f"mypyc could not compile ({error}): installing pure Python")
        return []


def build_jobs() -> int:
    """How many C files to compile at once: one a processor this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class OptionalBuildExt(build_ext):
    """``build_ext`` that compiles an extension's C files side by side, and falls
    back to pure Python when the C compiling fails (unless ``DUMMY_TUI_MYPYC=1``),
    removing whatever it did build."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            if REQUIRED:
                raise
            warn(f"the C extensions could not be built ({error}): installing pure Python")
            self._remove_built()

    def build_extension(self, ext: Extension) -> None:
        """Build ``ext``, its C files compiled by :func:`build_jobs` compilers at once.

        setuptools compiles an extension's files one after the other (its
        ``--parallel`` spreads whole extensions, and mypyc makes one of all the
        modules).  Each file is handed to the compiler on its own in a thread
        (the compiler is a process: the threads only wait for it); a failure
        stops the build as before."""
        sources = list(ext.sources)
        jobs = min(build_jobs(), len(sources))
        if jobs < 2:
            super().build_extension(ext)
            return
        compile_files = self.compiler.compile
        # the folders of the object files, made before the threads race to make them
        for obj in self.compiler.object_filenames(sources, output_dir=self.build_temp):
            os.makedirs(os.path.dirname(obj), exist_ok=True)

        def compile_side_by_side(files: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(jobs) as pool:
                each = pool.map(lambda file: compile_files([file], *args, **kwargs), files)
                return [obj for objects in each for obj in objects]

        warn(f"compiling {len(sources)} C files, {jobs} at a time")
        self.compiler.compile = compile_side_by_side
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_files

    def _remove_built(self) -> None:
        for ext in self.extensions:
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        self.extensions = []
        self.distribution.ext_modules = []

    def get_outputs(self) -> list[str]:
        outputs: list[str] = super().get_outputs()
        return [p for p in outputs if os.path.exists(p)]


EXTENSIONS = extensions()
setup(
    ext_modules=EXTENSIONS,
    cmdclass={"build_ext": OptionalBuildExt},
    # a build directory for each kind, so that a pure build never packs the
    # extensions an earlier compiled build left in build/
    options={"build": {"build_base": "build/mypyc" if EXTENSIONS else "build/pure"}},
)
