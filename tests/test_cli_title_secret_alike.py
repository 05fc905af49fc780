"""A sentence naming a password's mechanism, not its value, makes a memory whose index line is
read as its body is: "Don't bother, the password is LDAP." failed the whole dream ('MEMORY.md
could not be written ... contains a secret; the dream changed nothing'), the value read on
through the index line's link ("LDAP](feedback_....md)", long enough to be a password where
"LDAP" alone is not). A value that is a secret is hidden in the link's title as in a body."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.memory.model import parse_index
from autodream.redact import contains_secret, redact
from tests.factories import project_with_one_session, run_cli, topic_texts

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "value"), [
    ("Don't bother, the password is LDAP.", "LDAP"),
    ("Don't bother, the password is Okta.", "Okta"),
    ("Remember: Password: SSO", "SSO"),
    ("Remember: the password is LDAP", "LDAP"),
])
def test_a_dream_remembers_a_password_named_by_its_mechanism(tmp_path: Path, said: str,
                                                           value: str) -> None:
    project_with_one_session(tmp_path, [said], SAID_AT)

    run_cli(tmp_path, "--force")

    index = (tmp_path / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    topics = topic_texts(tmp_path)
    entries = parse_index(index, set(topics)).entries
    assert len(entries) == 1, index
    assert value in entries[0].title, index
    assert entries[0].file in topics, index
    assert value in topics[entries[0].file]
    for text in (index, *topics.values()):
        assert not contains_secret(text), text


@pytest.mark.parametrize("title", [
    "Don't bother, the password is LDAP",
    "Remember: Password: SSO",
    "Always use SSO, pass: Okta",
    "Always use SSO, the client secret is env",
    "The db password is now in 1Password (see [docs](docs.md))",
])
@pytest.mark.parametrize("link", ["feedback_x.md", "<a b.md>"])
def test_an_index_line_shows_what_its_title_shows_alone(title: str, link: str) -> None:
    assert redact(title) == title
    line = f"- [{title}]({link}) — {title} (2026-07-01)"

    assert redact(line) == line


@pytest.mark.parametrize(("title", "value"), [
    ("The password is Hunter2xyz", "Hunter2xyz"),
    ("Password: Summer2024!", "Summer2024!"),
    ("The db password is Pg-Secret-2291", "Pg-Secret-2291"),
    ("The token is ghp_abcdefghijklmnopqrstuvwxyz0123456789",
     "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
])
@pytest.mark.parametrize("link", ["feedback_x.md", "<a b.md>"])
def test_a_secret_in_an_index_lines_title_is_hidden_before_its_link(title: str, value: str,
                                                                    link: str) -> None:
    assert value not in redact(title)
    line = f"- [{title}]({link})"

    shown = redact(line)

    assert value not in shown
    assert shown.endswith(f"]({link})"), shown


@pytest.mark.parametrize(("text", "value"), [
    # (a table's header holding a link is read whole, its column's values hidden)
    ("| [Name](a.md) | Password |\n|---|---|\n| db | Hunter2xyz |", "Hunter2xyz"),
    ("| [service](a.md) | password | note |\n|---|---|---|\n| db | Hunter2xyz | see [d](x.md) |",
     "Hunter2xyz"),
    # (a cell's value is read as its row has it, to the cell's end)
    ("| password | Hunter2xyz](x.md) |", "Hunter2xyz"),
    # (no link text open before the value: read as before)
    ("the password is Hunter2xyz!](x.md)", "Hunter2xyz"),
])
def test_a_link_elsewhere_hides_what_it_hid(text: str, value: str) -> None:
    assert value not in redact(text)
