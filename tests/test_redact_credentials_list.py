"""Lists under a credentials' header: what no item gives is left as written, and a long list
of headers is read in time (each item's own reading was reverted, 'Passwords:' / '- Hunter2xyz!'
/ '- Tr0ub4dor3' hides the first item only again). And grep read a value under a name set in
bold ("**Tokens**" / "- Qx-Token-99812", "**staging token**" / "Qx-Token-99812") alone, where
read_file hides it."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.redact import redact
from tests.sandbox_tree import build_tree
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"


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
