"""Sphinx configuration of phidelta's documentation (built offline; see README, "Documentation").

Build: ``.venv/bin/sphinx-build -W --keep-going -b html docs docs/_build/html``. The API pages
are written from the modules' ``__all__`` at build time (``api/apigen.py``); the gallery scripts
in ``examples/`` run during the build (sphinx-gallery).
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "api"))
# the package from the source tree when it is not installed (it is, with ``pip install -e``)
sys.path.append(str(HERE.parent / "src"))

os.environ.setdefault("MPLBACKEND", "Agg")

import apigen  # noqa: E402
from sphinx.ext import autosummary  # noqa: E402

import phidelta  # noqa: E402

project = "phidelta"
author = "phidelta developers"
copyright = "phidelta developers"
version = release = phidelta.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
]

templates_path = ["_templates"]
exclude_patterns = [
    "_build",
    "examples",  # the gallery's sources: sphinx-gallery turns them into auto_examples/
    "**.ipynb_checkpoints",
    "images/README*",
]
source_suffix = {".rst": "restructuredtext"}
root_doc = "index"
# |φ| and |δ| are absolute values in the docstrings and pages (plain text in ``help()``), not
# reST substitutions: defined as themselves, they read as written
rst_prolog = """
.. |φ| replace:: \\|φ\\|
.. |δ| replace:: \\|δ\\|
"""
default_role = "py:obj"  # `name` links to the object, as in NumPy and SciPy docstrings
language = "en"

# --- autodoc / autosummary / numpydoc ---------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = True
# the stub templates list the gallery examples that use an object under any of its names
autosummary_context = {
    "aliases": apigen.aliases(),
    "long_values": apigen.long_values(),
    "with_bases": apigen.with_bases(),
}
autodoc_default_options = {"member-order": "groupwise"}
autodoc_typehints = "none"  # the numpydoc Parameters sections carry the types
autodoc_inherit_docstrings = True
add_module_names = False
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()

# no intersphinx: the build reads nothing from the network
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}

# --- gallery ---------------------------------------------------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": "examples",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"\.py$",  # every example runs in the build, not only plot_*.py
    "within_subsection_order": "FileNameSortKey",
    "download_all_examples": False,
    "remove_config_comments": True,
    # "Examples using …" under every object of the reference (templates/autosummary)
    "doc_module": ("phidelta",),
    "backreferences_dir": "api/generated/backreferences",
    "show_memory": False,
    "image_scrapers": ("matplotlib",),
    "matplotlib_animations": False,
    "min_reported_time": 0,  # every example states its run time (tests/test_docs.py reads it)
    "abort_on_example_error": False,
    "only_warn_on_example_error": False,
    # one process: in sphinx-gallery's parallel workers, pyplot figures get a bare canvas
    # (FigureCanvasBase, no get_renderer) and label placement fails
    "parallel": False,
}

# --- HTML ------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"phidelta {release}"
html_static_path = ["_static"]
html_css_files = ["phidelta.css"]
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    # nothing fetched at view or build time but MathJax's script
    "icon_links": [],
    "navbar_end": ["theme-switcher", "navbar-icon-links"],
    "navigation_with_keys": False,
    "show_nav_level": 1,
    "navigation_depth": 2,
    "collapse_navigation": True,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    "use_edit_page_button": False,
    "check_switcher": False,
}
html_sidebars = {
    "index": [],
    "auto_examples/index": [],
    # the module pages and every name's page: a plain list of the modules (the theme's toctree
    # sidebar would triple the time to write the ~300 pages of the reference)
    "api/index": ["api-modules.html"],
    "api/generated/*": ["api-modules.html"],
}
html_context = {"default_mode": "light", "api_modules": apigen.MODULES}

# quiet, known-harmless warnings of the libraries the examples use
warnings.filterwarnings("ignore", message="Matplotlib is currently using agg", category=UserWarning)

# the API pages, written now: Sphinx lists the source files before any extension event
apigen.generate()

# autosummary's one-line summaries end at the first period that ends a sentence: not at the
# abbreviations the docstrings cite with ("Armano 2015, eq. 12", "Flach, Ex. 2.3")
autosummary.WELL_KNOWN_ABBREVIATIONS = (
    *autosummary.WELL_KNOWN_ABBREVIATIONS,
    *(f"{space}{word}." for space in " (" for word in ("eq", "eqs", "Eq", "Eqs", "Fig", "Figs")),
    *(f" {word}." for word in ("cf", "ch", "Ex", "Exs", "p", "pp", "no", "No", "resp", "approx")),
)


def _api_module(app, pagename, templatename, context, doctree) -> None:
    """The module whose page (or one of whose names' pages) this is, for the API sidebar."""
    prefix = "api/generated/"
    name = pagename.removeprefix(prefix) if pagename.startswith(prefix) else ""
    owners = [
        m
        for m in apigen.MODULES
        if name == m or (name.startswith(m + ".") and "." not in name[len(m) + 1 :])
    ]
    context["api_module"] = max(owners, key=len, default=None)


def _constant_doc(app, what, name, obj, options, lines) -> None:
    """A constant's ``#:`` comment where it is defined, not the docstring of its type."""
    if what != "data" or "." not in name:
        return
    module_name, _, short = name.rpartition(".")
    type_doc = (type(obj).__doc__ or "").strip().splitlines()
    if lines and lines[0].strip() and lines[0].strip() != (type_doc[0] if type_doc else ""):
        return  # documented where it is exported
    lines[:] = apigen.constant_doc(module_name, short) if module_name in apigen.MODULES else []


def _skip_tuple_fields(app, what, name, obj, skip, options):
    """Named tuples' "Alias for field number 0": their Attributes section says it better."""
    if str(getattr(obj, "__doc__", "") or "").startswith("Alias for field number"):
        return True
    return None


def setup(app):
    app.connect("html-page-context", _api_module)
    app.connect("autodoc-process-docstring", _constant_doc, priority=400)  # before numpydoc
    app.connect("autodoc-skip-member", _skip_tuple_fields)
