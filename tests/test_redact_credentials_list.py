"""Each item of a list under a credentials' header ("Passwords:" / "- Hunter2xyz!" /
"- Tr0ub4dor3"): only the first was hidden, in a message, in read_file and in grep; each item
is now read as the first is, to the list's end (a blank line, a line that is no item). And grep
read a value under a name set in bold ("**Tokens**" / "- Qx-Token-99812", "**staging token**" /
"Qx-Token-99812") alone, where read_file hides it."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.redact import redact
from tests.sandbox_tree import build_tree
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Passwords:\n- Hunter2xyz!\n- Tr0ub4dor3", f"Passwords:\n- {MARK}\n- {MARK}"),
        ("**Tokens**\n- Qx-Token-99812\n* Zz-Token-12345.\n+ Yy-Token-55555 for ci",
         f"**Tokens**\n- {MARK}\n* {MARK}.\n+ {MARK} for ci"),
        ("Credentials:\r\n- Hunter2xyz!\r\n- Tr0ub4dor3\r\n",
         f"Credentials:\r\n- {MARK}\r\n- {MARK}\r\n"),
        # (an item that is no value leaves the list going on)
        ("The staging passwords:\n- see the vault\n- Argon2id\n  - Tr0ub4dor3",
         f"The staging passwords:\n- see the vault\n- Argon2id\n  - {MARK}"),
    ],
)
def test_each_item_of_a_credentials_list_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        # (the list ended: a blank line, a line that is no item)
        "Passwords:\n- Hunter2xyz!\n\n- Tr0ub4dor3 is the example from the docs",
        "Passwords:\n- Hunter2xyz!\nThe steps:\n- Tr0ub4dor3",
        # (items judged as the first is: a product's, a hash's, a format's name)
        "Credentials:\n- Kerberos5\n- TLSv1.3\n- 1Password\n- Argon2id\n- K8sSecret",
        "Tokens:\n- next-page\n- utf8-bytes\n- OAuth2Credentials",
    ],
)
def test_what_no_list_item_of_credentials_gives_is_left(text: str) -> None:
    shown = redact(text)
    for line in text.splitlines()[2:]:
        if "Hunter2xyz" not in line:
            assert line in shown.splitlines()


def test_a_long_list_of_headers_is_read_in_time() -> None:
    # (each item a header of its own: the items read once, not from each)
    text = "Tokens:\n" + "- tokens:\n" * 20_000 + "- Qx-Token-99812\n"
    assert redact(text) == "Tokens:\n" + "- tokens:\n" * 20_000 + f"- {MARK}\n"


def test_read_file_and_grep_hide_each_item(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.memory / "vault.md").write_text(
        "# Vault\nPasswords:\n- Hunter2xyz!\n- Tr0ub4dor3\n- Summer2024!\n\n"
        "**Tokens**\n- Qx-Token-99812\n- Zz-Token-12345\n\n"
        "The steps:\n- Hunter2xyz is a password example\n"
    )
    box = tree.toolbox()
    secrets = ("Hunter2xyz!", "Tr0ub4dor3", "Summer2024!", "Qx-Token-99812", "Zz-Token-12345")
    shown = ok(box, "read_file", path="memory/vault.md")
    assert not any(secret in shown for secret in secrets)
    found = ok(box, "grep", pattern="^- |^Qx|Zz|REDACTED", path="memory/vault.md")
    assert not any(secret in found for secret in secrets), found
    assert found.count(f"- {MARK}") == 5
    # (after the list's end, what a line shows is read alone, as before)
    assert "- Hunter2xyz is a password example" in found


def test_grep_hides_a_value_under_a_name_in_bold_as_read_file_does(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.memory / "bold.md").write_text(
        "# Bold\n**Tokens**\n- Qx-Token-99812\n\n**staging token**\nQx-Token-77123\n\n"
        "**Notes**\n- Qx-Token-is-a-prefix\n"
    )
    box = tree.toolbox()
    shown = ok(box, "read_file", path="memory/bold.md")
    found = ok(box, "grep", pattern="Qx|REDACTED", path="memory/bold.md")
    for secret in ("Qx-Token-99812", "Qx-Token-77123"):
        assert secret not in shown
        assert secret not in found, found
    assert f"memory/bold.md:3: - {MARK}" in found
    assert f"memory/bold.md:6: {MARK}" in found
    assert "memory/bold.md:9: - Qx-Token-is-a-prefix" in found
