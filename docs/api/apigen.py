"""Write the API reference pages from the modules' ``__all__`` (run by ``conf.py`` at build time).

One page per public module: its docstring, then autosummary tables grouped by the private
submodule that defines each name (the group's title and sentence come from that submodule's
docstring), or by kind (classes, functions, constants) for modules without submodules. Every
object is documented once, on the page of its home module; the other modules that re-export it
link there. ``tests/test_docs.py`` checks the built site against :func:`public_names`.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path

#: the modules of the reference, in the order of the index page
MODULES = (
    "phidelta",
    "phidelta.counts",
    "phidelta.measures",
    "phidelta.inference",
    "phidelta.geometry",
    "phidelta.signatures",
    "phidelta.selection",
    "phidelta.assessment",
    "phidelta.comparison",
    "phidelta.metrics",
    "phidelta.rendering",
    "phidelta.data",
    "phidelta.distributed",
    "phidelta.spark",
    "phidelta.api",
    "phidelta.report",
    "phidelta.datasets",
    "phidelta.exceptions",
)

GENERATED = Path(__file__).parent / "generated"


def public_names(module_name: str) -> list[str]:
    """The names of ``module_name.__all__``, in their order."""
    return list(importlib.import_module(module_name).__all__)


def home(module_name: str, name: str) -> str:
    """The documented module whose page describes ``module_name.name`` (maybe ``module_name``).

    A class or function is described on the page of the documented module its ``__module__``
    belongs to (``phidelta.measures._classic`` → ``phidelta.measures``) when that module exports
    it under the same name, else on the first documented module that does; constants, modules
    and renamed objects are described where they are exported.
    """
    obj = getattr(importlib.import_module(module_name), name)
    defined_in = getattr(obj, "__module__", None)
    if (
        inspect.ismodule(obj)
        or not isinstance(defined_in, str)
        or getattr(obj, "__name__", name) != name
    ):
        return module_name
    exporters = [
        m
        for m in MODULES
        if name in public_names(m) and getattr(importlib.import_module(m), name) is obj
    ]
    owners = [m for m in exporters if defined_in == m or defined_in.startswith(m + ".")]
    if owners:
        return max(owners, key=len)
    return exporters[0] if exporters else module_name


_KINDS = ("Modules", "Classes", "Exceptions and warnings", "Functions", "Constants")


def _kind(obj: object) -> str:
    if inspect.ismodule(obj):
        return "Modules"
    if inspect.isclass(obj):
        return "Exceptions and warnings" if issubclass(obj, BaseException) else "Classes"
    if callable(obj):
        return "Functions"
    return "Constants"


_ABBREVIATIONS = re.compile(r"(\b(eqs?|al|e\.g|i\.e|Fig|Figs|vs|cf|ch|Ex|No|p|pp)|\b[A-Z])$")


def _first_sentence(doc: str | None) -> str:
    text = " ".join((doc or "").strip().split("\n\n")[0].split())
    for match in re.finditer(r"[.?!](\s+|$)", text):
        head = text[: match.start()]
        if match.group(0)[0] != "." or not _ABBREVIATIONS.search(head):
            return text[: match.start() + 1]
    return text


def _partition_outside_brackets(text: str, separator: str) -> tuple[str, str, str]:
    depth = 0
    for i, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and text.startswith(separator, i):
            return text[:i], separator, text[i + len(separator) :]
    return text, "", ""


def _group_title(submodule: str) -> tuple[str, str]:
    """(title, sentence) of a private submodule, from its docstring's first sentence."""
    sentence = _first_sentence(importlib.import_module(submodule).__doc__)
    for separator in (": ", "? ", "; ", " — "):
        title, found, rest = _partition_outside_brackets(sentence, separator)
        if found and len(title) <= 80:
            title = title + "?" if separator == "? " else title
            return title, rest[:1].upper() + rest[1:]
    if len(sentence) <= 80:
        return sentence.rstrip("."), ""
    head = sentence.split(" (", 1)[0].split(", ", 1)[0]
    if len(head) <= 80:
        return head, sentence
    return submodule.rsplit(".", 1)[1].strip("_").replace("_", " ").capitalize(), sentence


#: private submodules shown first on their module's page, in this order (the rest follow
#: alphabetically)
FIRST = (
    "phidelta.measures._phidelta",
    "phidelta.measures._rates",
    "phidelta.measures._classic",
    "phidelta.measures._unbiased",
    "phidelta.measures._bias",
    "phidelta.measures._information",
    "phidelta.measures._association",
    "phidelta.measures._signal",
    "phidelta.measures._table",
    "phidelta.counts._binary",
    "phidelta.counts._confusion",
    "phidelta.counts._scores",
    "phidelta.geometry._diamond",
    "phidelta.geometry._isometrics",
    "phidelta.signatures._signature",
    "phidelta.rendering._phidelta",
    "phidelta.data._analyses",
)


def _group_order(key: str) -> tuple:
    where = key[1:]
    order = FIRST if key[0] == "0" else MODULES
    rank = order.index(where) if where in order else len(order)
    return (key[0], rank, where)


def _heading(text: str, char: str) -> str:
    return f"{text}\n{char * len(text)}\n"


def _table(entries: list[str], *, toctree: bool) -> str:
    options = "   :toctree: .\n   :nosignatures:\n" if toctree else "   :nosignatures:\n"
    rows = "".join(f"   {entry}\n" for entry in entries)
    return f".. autosummary::\n{options}\n{rows}"


def groups(module_name: str) -> list[tuple[str, str, list[str], list[str]]]:
    """(title, sentence, own names, names described elsewhere as full paths) per group."""
    module = importlib.import_module(module_name)
    ordered: dict[str, tuple[str, str, list[str], list[str]]] = {}
    for name in public_names(module_name):
        obj = getattr(module, name)
        where = home(module_name, name)
        if where != module_name:
            title, sentence = _group_title(where)
            key = "1" + where
            title = f"{title} ({where})"
        else:
            defined_in = getattr(obj, "__module__", None)
            private = (
                isinstance(defined_in, str)
                and defined_in.startswith(module_name + "._")
                and not inspect.ismodule(obj)
            )
            if private:
                key = "0" + defined_in
                title, sentence = _group_title(defined_in)
            else:
                kind = _kind(obj)
                key = "2" + str(_KINDS.index(kind))
                title, sentence = kind, ""
        group = ordered.setdefault(key, (title, sentence, [], []))
        if where == module_name and not inspect.ismodule(obj):
            group[2].append(name)
        else:
            target = f"{where}.{name}" if where != module_name else obj.__name__
            # relative to the page's module: autosummary refuses names that repeat it
            target = target.removeprefix(module_name + ".")
            group[3].append(f"~{target}")
    return [ordered[key] for key in sorted(ordered, key=_group_order)]


def module_page(module_name: str) -> str:
    """The reST of one module's reference page."""
    parts = [
        _heading(module_name, "="),
        f".. automodule:: {module_name}\n   :no-members:\n",
        f".. currentmodule:: {module_name}\n",
    ]
    for title, sentence, own, elsewhere in groups(module_name):
        parts.append(_heading(title, "-"))
        if sentence:
            parts.append(sentence + "\n")
        if own:
            module = importlib.import_module(module_name)
            own = sorted(own, key=lambda n: (_KINDS.index(_kind(getattr(module, n))), n.lower()))
            parts.append(_table(own, toctree=True))
        if elsewhere:
            parts.append(_table(elsewhere, toctree=False))
    return "\n".join(parts)


def index_page() -> str:
    """The table of the modules with their summaries, and their toctree (for ``api/index.rst``)."""
    names = "".join(f"   {m}\n" for m in MODULES)
    pages = "".join(f"   generated/{m}\n" for m in MODULES)
    return (
        f".. autosummary::\n   :nosignatures:\n\n{names}\n"
        f".. toctree::\n   :hidden:\n   :maxdepth: 1\n\n{pages}"
    )


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def aliases() -> dict[str, list[str]]:
    """For each described object, the other public names it has (``phidelta.BinaryCounts``)."""
    other_names: dict[str, list[str]] = {}
    for module_name in MODULES:
        for name in public_names(module_name):
            where = home(module_name, name)
            if where != module_name:
                other_names.setdefault(f"{where}.{name}", []).append(f"{module_name}.{name}")
    return other_names


def long_values(limit: int = 200) -> list[str]:
    """Constants whose value is too long to print on their page (their ``:no-value:`` list)."""
    names = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in public_names(module_name):
            obj = getattr(module, name)
            if _kind(obj) == "Constants" and len(repr(obj)) > limit:
                names.append(f"{module_name}.{name}")
    return names


def with_bases() -> list[str]:
    """Classes with a base worth naming (their ``:show-inheritance:`` list): not just object."""
    names = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in public_names(module_name):
            obj = getattr(module, name)
            if inspect.isclass(obj) and obj.__bases__ != (object,):
                names.append(f"{module_name}.{name}")
    return names


def constant_doc(module_name: str, name: str) -> list[str]:
    """The ``#:`` comment above the constant ``module_name.name`` where it is defined.

    A re-exported constant carries no docstring of its own, and autodoc only reads the comments
    of the module that exports it; this looks in the module and its private submodules.
    """
    from sphinx.pycode import ModuleAnalyzer

    obj = getattr(importlib.import_module(module_name), name)
    package = module_name.split(".")[0]
    for candidate in sorted(m for m in list(sys.modules) if m.split(".")[0] == package):
        module = sys.modules[candidate]
        if getattr(module, name, None) is not obj:
            continue
        try:
            comments = ModuleAnalyzer.for_module(candidate).find_attr_docs()
        except Exception:  # no source: a builtin or extension module
            continue
        if ("", name) in comments:
            return list(comments[("", name)])
    return []


def expected_stubs() -> set[str]:
    """The file names autosummary writes: one per object described on its home page."""
    stubs = set()
    for module_name in MODULES:
        for _, _, own, _ in groups(module_name):
            stubs.update(f"{module_name}.{name}.rst" for name in own)
    return stubs


def generate(folder: Path = GENERATED) -> None:
    """Write every module page and the module list; remove pages of names no longer public."""
    folder.mkdir(parents=True, exist_ok=True)
    pages = {f"{m}.rst": module_page(m) for m in MODULES}
    keep = set(pages) | expected_stubs()
    for stale in folder.glob("*.rst"):
        if stale.name not in keep:
            stale.unlink()
    for file_name, text in pages.items():
        _write(folder / file_name, text)
    _write(folder / "modules.inc", index_page())
