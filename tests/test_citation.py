"""CITATION.cff and LICENSE: present, well-formed, and in step with pyproject's metadata."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# what every entry of Citation File Format 1.2.0 needs (its schema's "required" lists)
REQUIRED_TOP = {"cff-version", "message", "title", "authors"}
REQUIRED_REFERENCE = {"type", "title", "authors"}


@pytest.fixture(scope="module")
def citation() -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_citation_has_the_required_keys(citation):
    assert citation.keys() >= REQUIRED_TOP
    assert citation["cff-version"] == "1.2.0"
    assert citation["type"] == "software"
    assert all("name" in a or "family-names" in a for a in citation["authors"])


def test_citation_matches_the_package_metadata(citation, project):
    assert str(citation["version"]) == project["version"]
    assert citation["license"] == project["license"]


def test_every_cited_work_is_complete(citation):
    works = [citation["preferred-citation"], *citation["references"]]
    for work in works:
        assert work.keys() >= REQUIRED_REFERENCE, work.get("title")
        assert isinstance(work["year"], int)
        assert all("family-names" in a for a in work["authors"]), work["title"]
    # the preferred citation is one of the references too
    assert citation["preferred-citation"] in citation["references"]


def test_the_seed_papers_are_cited(citation):
    first_authors = {(w["authors"][0]["family-names"], w["year"]) for w in citation["references"]}
    assert {
        ("Armano", 2015),
        ("Armano", 2019),
        ("Valverde-Albacete", 2010),
        ("Jiřina", 2005),
        ("Flach", 2012),
    } <= first_authors


def test_license_is_the_declared_bsd_3_clause(project):
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert project["license"] == "BSD-3-Clause"
    assert text.startswith("BSD 3-Clause License")
    assert re.search(r"Copyright \(c\) \d{4}, phidelta developers", text)
    assert [int(n) for n in re.findall(r"^(\d)\. ", text, re.MULTILINE)] == [1, 2, 3]


def test_gitignore_keeps_run_logs_out():
    # doctest_mod.log was committed once; *.log in .gitignore keeps run logs out
    patterns = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "*.log" in patterns
