"""The docs describe the present: history stays in git log, figures in docs/figures.md (generated:
tests/test_figures.py), and every page a doc links to exists."""

import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
DOCS = sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md"]
# a session's diary: "issue 9's sixth session", "(issue 32)", "before issue 14"
HISTORY = re.compile(r"\bissues? \d+|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|"
                     r"ninth|tenth)(?:'s)? session|\bbranch i\d", re.IGNORECASE)


@pytest.mark.parametrize("doc", DOCS, ids=[p.name for p in DOCS])
def test_a_doc_carries_no_project_history(doc):
    hits = [(n, line) for n, line in enumerate(doc.read_text().splitlines(), 1)
            if HISTORY.search(line)]
    assert not hits, "project history in %s (git log keeps it): %s" % (doc.name, hits[:3])


LINKED = DOCS + [REPO / "hardware" / "README.md"]


@pytest.mark.parametrize("doc", LINKED, ids=[str(p.relative_to(REPO)) for p in LINKED])
def test_every_relative_link_of_a_doc_exists(doc):
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text()):
        if "://" in target or target.startswith("mailto:"):
            continue
        assert (doc.parent / target).exists(), "%s links to a missing %s" % (doc.name, target)


def test_memory_and_design_are_short_guides():
    assert len((REPO / "docs" / "memory.md").read_text().splitlines()) <= 200
    assert len((REPO / "docs" / "design.md").read_text().splitlines()) <= 300


def test_readme_state_names_no_issue_tracker_and_links_the_figures():
    text = (REPO / "README.md").read_text()
    state = text[text.index("\n## State\n"):]
    state = state[: state.find("\n## ", 1)] if "\n## " in state[1:] else state
    assert "issue tracker" not in state and "closing note" not in state
    assert "docs/figures.md" in state
