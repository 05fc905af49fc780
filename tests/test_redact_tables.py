"""A credential's value in a markdown table, in the cell after its name ("| token |
Qx-Token-99812 |", "| Grafana admin password | Hunter2xyz! |"): hidden in a message, from
memory, and where the Claude backend reads a memory file; a table's header, its other cells and
keys that are no credential's are left as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.redact import contains_secret, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.sandbox_tree import build_tree
from tests.test_secret_sweep import SAID_AT
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"

# (a table's row, the secret in it)
ROWS: list[tuple[str, str]] = [
    ("| token | Qx-Token-99812 |", "Qx-Token-99812"),
    ("| Grafana admin password | Hunter2xyz! |", "Hunter2xyz!"),
    ("| staging | db password | `Pg-Secret-2291` | rotated monthly |", "Pg-Secret-2291"),
    ("| **API key** | Xk9mQ7vL8pR4tW2z |", "Xk9mQ7vL8pR4tW2z"),
    ("| DB_PASSWORD | hunter22 |", "hunter22"),
    ("| Sentry token | Qx-Token-99812 |", "Qx-Token-99812"),
    ("| webhook secret | Zt8wQ4rL2mKp9vB3 |", "Zt8wQ4rL2mKp9vB3"),
]


@pytest.mark.parametrize(("row", "secret"), ROWS)
def test_the_cell_after_a_credentials_name_is_redacted(row: str, secret: str) -> None:
    # (no rule read a name and its value across a table's pipe: the row went to memory whole)
    shown = redact(row)
    assert secret not in shown
    assert shown.replace(MARK, secret) == row


ORDINARY = [
    "| token | where it lives |",
    "| Name | Value |\n|---|---|\n| token | see Vault at secret/grafana |",
    "| Key | Value |",
    "| password | required |",
    "| password | argon2id |",
    "| password | $DB_PASSWORD |",
    "| password | ******** |",
    "| secret | secret/grafana |",
    "| secret | 32-bytes |",
    "| password | GITHUB_TOKEN2 |",
    "| password | v2.3.1 |",
    "| token | 4096 |",
    "| next_token | Qx-Token-99812 |",
    "| partition key | Xk9mQ7vL8pR4tW2z |",
    "| idempotency key | Xk9mQ7vL8pR4tW2z |",
    "| key | 4aee18f83afdeb23 |",
    "| primary key | user_id2024 |",
    "| Hotkey | Ctrl+Shift+P2 |",
    "| password policy | min12chars |",
    # (a regex's alternation in code, no space round its bars)
    'r"(?i:spring|welcome|password|passw0rd|changeme|letmein|secret|"',
]


@pytest.mark.parametrize("text", ORDINARY)
def test_a_table_that_gives_no_credentials_value_is_left_as_written(text: str) -> None:
    assert redact(text) == text
    assert not contains_secret(text)


def test_a_dream_keeps_a_tables_credential_out_of_memory(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: | Grafana token | Gf-Token-77123 |",
        "Remember: | Grafana admin password | Hunter2xyz! |",
        "Remember: | token | where it lives |",
    ], SAID_AT)
    result = run_cli(root, "--force")
    kept = what_a_dream_kept(root)
    assert "Gf-Token-77123" not in kept
    assert "Hunter2xyz!" not in kept
    assert "Hunter2xyz!" not in result.output


def test_the_claude_backend_reads_a_memory_files_table_redacted(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.memory / "grafana.md").write_text(
        "| what | value |\n|---|---|\n| Grafana admin password | Hunter2xyz! |\n"
        "| token | where it lives |\n"
    )
    shown = ok(tree.toolbox(), "read_file", path="memory/grafana.md")
    assert "Hunter2xyz!" not in shown
    assert f"| Grafana admin password | {MARK} |" in shown
    assert "| token | where it lives |" in shown
