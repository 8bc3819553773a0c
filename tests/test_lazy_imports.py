"""An import inside a function is there to put off loading a module until it
is first used (the start-up stays light: see benchmarks/startup.py), or to
break a cycle.  One that imports what its module's own top level has already
loaded puts nothing off: it belongs at the top."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dummy_tui"


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


FILES = {_module(p): p for p in PACKAGE.rglob("*.py")}


def _lazy_package(name: str) -> bool:
    """A package that loads its names when first asked (``__getattr__``)."""
    path = FILES.get(name)
    return path is not None and "def __getattr__" in path.read_text(encoding="utf-8")


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement loads."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".")
        if FILES[module].name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, base] if base else package)
    subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in FILES]
    return [base, *subs]


def _with_parents(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)}


@cache
def _top_level(module: str) -> frozenset[str]:
    """The modules ``module`` loads when it is imported (not under TYPE_CHECKING)."""
    tree = ast.parse(FILES[module].read_text(encoding="utf-8"))
    found: set[str] = set()
    statements: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            continue
        if isinstance(node, ast.If | ast.Try):
            statements.extend(node.body)
        else:
            statements.append(node)
    for node in statements:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(module, node):
                found |= _with_parents(target)
    return frozenset(found)


def _loaded_with(module: str) -> set[str]:
    """Every module loaded once ``module`` is, as far as this package says."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        for name in _with_parents(todo.pop()):
            if name not in seen:
                seen.add(name)
                if name in FILES:
                    todo.extend(_top_level(name))
    return seen


def test_every_import_inside_a_function_puts_off_loading_a_module() -> None:
    needless = []
    for module, path in sorted(FILES.items()):
        loaded = _loaded_with(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Import | ast.ImportFrom):
                    continue
                targets = _targets(module, node)
                if isinstance(node, ast.ImportFrom) and _lazy_package(targets[0]):
                    continue  # its names load modules of their own
                if all(target in loaded for target in targets):
                    needless.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert needless == [], "imports of what the module has already loaded"
