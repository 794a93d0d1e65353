"""The public API documents itself: numpydoc sections on every public callable (issue 18, item 1).

For every public function and class in the ``__all__`` of the layers below (and the public methods
of the public classes), the docstring parsed by ``numpydoc.docscrape`` must have

* a one-line summary;
* a Parameters section naming exactly the parameters of the signature (for a class, the
  constructor's; ``*args`` / ``**kwargs`` may be written with or without their stars; a class may
  document its fields under Attributes instead, as NamedTuples and dataclasses do);
* a Returns (or Yields) section, for functions and methods that return something;
* an Examples section with at least one ``>>>`` line (functions, classes, exceptions and
  warnings; a method is shown in the Examples of its class or of the function that builds it,
  so methods need no Examples);
* for measures and their inference (all of :mod:`phidelta.measures` and
  :mod:`phidelta.inference`), a reference: a References section or an inline citation
  "Author year" in the summary or extended summary;
* no error of ``numpydoc.validate`` in its GL, PR and RT codes, except those listed in
  ``VALIDATE_IGNORE`` with their reasons.

Exceptions and warnings need only a summary and an example (the situation that raises them):
their constructor is the message of ``BaseException``, so a Parameters section is required
only where one documents more (``DataError``'s ``role``), and they return nothing. Parameters
whose name starts with an underscore (a private dataclass field such as ``Signature._rows``)
are the library's, not the caller's, and need no entry.
"""

from __future__ import annotations

import importlib
import inspect
import re
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

docscrape = pytest.importorskip("numpydoc.docscrape")

MODULES = [
    "phidelta.measures",
    "phidelta.inference",
    "phidelta.counts",
    "phidelta.geometry",
    "phidelta.metrics",
    "phidelta.data",
    "phidelta.distributed",
    "phidelta.spark",
    "phidelta.api",
    "phidelta.signatures",
    "phidelta.rendering",
    "phidelta.assessment",
    "phidelta.comparison",
    "phidelta.selection",
    "phidelta.report",
    "phidelta.datasets",
    "phidelta.exceptions",
    "phidelta",
]

# Implementation modules whose docstrings are not complete yet: their names are left out of the
# checks below. Remove a module from this set once its docstrings pass; the set only shrinks.
PENDING: set[str] = set()

# Exceptions and warnings without an example yet, each with the reason; the dict only shrinks.
EXAMPLES_PENDING: dict[str, str] = {}


# an inline citation: a capitalised name, then a year within the same parenthesis or clause
CITATION = re.compile(r"[A-Z][\w\-'’]+[^()]{0,80}?\b(19|20)\d\d\b")


def _public_methods(cls: type) -> Iterator[tuple[str, Callable[..., Any]]]:
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, classmethod | staticmethod):
            value = value.__func__
        if inspect.isfunction(value):
            yield name, value


def _collect() -> list[tuple[str, str, Any, str]]:
    """(public name, implementation module, object, kind) for every checked callable."""
    found: list[tuple[str, str, Any, str]] = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue  # constants (MEASURES, FORMATS, ...) and subpackages
            home = getattr(obj, "__module__", "")
            if home in PENDING:
                continue
            if inspect.isclass(obj):
                kind = "exception" if issubclass(obj, BaseException) else "class"
                found.append((f"{module_name}.{name}", home, obj, kind))
                if kind == "class":
                    for method_name, method in _public_methods(obj):
                        qualified = f"{module_name}.{name}.{method_name}"
                        found.append((qualified, home, method, "method"))
            else:
                found.append((f"{module_name}.{name}", home, obj, "function"))
    return found


ITEMS = _collect()
IDS = [item[0] for item in ITEMS]


def _parse(obj: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an unknown section or a malformed one fails the test
        return docscrape.NumpyDocString(inspect.getdoc(obj) or "")


def _signature_parameters(obj: Any, kind: str) -> list[str]:
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        return []
    names = []
    for parameter in signature.parameters.values():
        if kind == "method" and parameter.name in {"self", "cls"}:
            continue
        if parameter.name.startswith("_"):
            continue  # a private dataclass field (Signature._rows): set by the library, not users
        prefix = {
            inspect.Parameter.VAR_POSITIONAL: "*",
            inspect.Parameter.VAR_KEYWORD: "**",
        }.get(parameter.kind, "")
        names.append(prefix + parameter.name)
    return names


def _documented(doc: Any, section: str) -> list[str]:
    names = []
    for parameter in doc[section]:
        # "a, b : float" documents both
        names.extend(part.strip() for part in parameter.name.split(","))
    return names


def _returns_something(obj: Any) -> bool:
    annotation = inspect.signature(obj).return_annotation
    return annotation not in (None, "None")


@pytest.mark.parametrize(("name", "home", "obj", "kind"), ITEMS, ids=IDS)
def test_summary(name: str, home: str, obj: Any, kind: str) -> None:
    doc = _parse(obj)
    summary = " ".join(doc["Summary"]).strip()
    assert summary, f"{name} has no one-line summary"


@pytest.mark.parametrize(("name", "home", "obj", "kind"), ITEMS, ids=IDS)
def test_parameters_match_signature(name: str, home: str, obj: Any, kind: str) -> None:
    if kind == "exception":
        return
    doc = _parse(obj)
    expected = _signature_parameters(obj, kind)
    stars = {n.lstrip("*"): n for n in expected}
    documented = [stars.get(n.lstrip("*"), n) for n in _documented(doc, "Parameters")]
    extra = [n for n in documented if n not in expected]
    if kind == "class":  # fields may be documented as attributes; other attributes are free
        documented += [stars.get(n.lstrip("*"), n) for n in _documented(doc, "Attributes")]
    missing = [n for n in expected if n not in documented]
    assert not missing, f"{name}: parameters not documented: {missing}"
    assert not extra, f"{name}: documented but not in the signature: {extra}"


@pytest.mark.parametrize(("name", "home", "obj", "kind"), ITEMS, ids=IDS)
def test_returns(name: str, home: str, obj: Any, kind: str) -> None:
    if kind not in {"function", "method"} or not _returns_something(obj):
        return
    doc = _parse(obj)
    assert doc["Returns"] or doc["Yields"], f"{name} returns a value but has no Returns section"


@pytest.mark.parametrize(("name", "home", "obj", "kind"), ITEMS, ids=IDS)
def test_examples(name: str, home: str, obj: Any, kind: str) -> None:
    if kind not in {"function", "class", "exception"} or name in EXAMPLES_PENDING:
        return
    doc = _parse(obj)
    assert any(line.lstrip().startswith(">>>") for line in doc["Examples"]), (
        f"{name} has no Examples section with a >>> line"
    )


@pytest.mark.parametrize(("name", "home", "obj", "kind"), ITEMS, ids=IDS)
def test_measures_cite_their_source(name: str, home: str, obj: Any, kind: str) -> None:
    if not home.startswith(("phidelta.measures", "phidelta.inference")) or kind not in {
        "function",
        "class",
    }:
        return
    doc = _parse(obj)
    text = " ".join(line.strip() for line in doc["Summary"] + doc["Extended Summary"])
    assert doc["References"] or CITATION.search(text), (
        f"{name} cites no source (a References section or 'Author year' in its summary)"
    )


# numpydoc's own validator, for its layout (GL), parameter (PR) and returns (RT) codes. Ignored,
# with the reason:
VALIDATE_IGNORE = {
    "PR08": "a description may start with a symbol (φ, ρ, δ) or a lower-case name",
    "PR09": "a description may end with a list, a formula or a closing parenthesis",
    "RT04": "a return description may start with a symbol (φ, ρ, σ) or a lower-case name",
}
# classes (NamedTuples, dataclasses) document their fields under Attributes, not Parameters;
# test_parameters_match_signature checks that every field is there
VALIDATE_IGNORE_FOR_CLASSES = {"PR01"}


@pytest.mark.parametrize(("name", "home", "obj", "kind"), ITEMS, ids=IDS)
def test_numpydoc_validate(name: str, home: str, obj: Any, kind: str) -> None:
    validate = pytest.importorskip("numpydoc.validate")
    ignored = set(VALIDATE_IGNORE) | (VALIDATE_IGNORE_FOR_CLASSES if kind == "class" else set())
    errors = [
        f"{code}: {message}"
        for code, message in validate.validate(name)["errors"]
        if code[:2] in {"GL", "PR", "RT"} and code not in ignored
    ]
    assert not errors, f"{name}: " + "; ".join(errors)


def test_every_module_is_checked_or_pending() -> None:
    """The pending lists name real modules and names (a typo would silently skip nothing)."""
    for module_name in PENDING:
        importlib.import_module(module_name)
    checked = set(IDS)
    for name in EXAMPLES_PENDING:
        assert name in checked, f"EXAMPLES_PENDING names {name}, which is not checked"
