"""A sentence saying a word shaped as a value that memory does not hold is quoted by its first
words in every decision (review rev189): 'We have it delivered on Friday, the vault code is
88-alpha-31.' was dated, then dropped (told done on a day still to come), and its 'dated',
'kept' and 'dropped' decisions quoted it whole in the run record, a value no redaction rule
knows with it. A sentence with no such word, or one memory keeps, is quoted whole, as before
(review rev203: every dropped sentence was cut, "Don't bother ..." to '…' alone)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.engine.dream import quoted_as_kept
from autodream.engine.model import Decision
from tests.factories import project_with_one_session, run_cli

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


def _decisions(root: Path) -> list[tuple[str, str]]:
    shown = json.loads(run_cli(root, "show", "--all-decisions", "--json").output)
    return [(d["action"], d["subject"]) for d in shown["run"]["decisions"]]


def test_a_sentence_dated_then_dropped_is_quoted_by_its_first_words(tmp_path: Path) -> None:
    project_with_one_session(tmp_path, [
        "We have it delivered on Friday, the vault code is 88-alpha-31.",
        "The release is pushed back to Friday, the door code is 66-gamma-53.",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    decisions = _decisions(tmp_path)
    assert ("dated", "We have it delivered …") in decisions, decisions
    assert ("dropped", "We have it delivered …") in decisions, decisions
    assert ("dropped", "The release is pushed …") in decisions, decisions
    told = run_cli(tmp_path, "show", "--all-decisions", "--json").output + "".join(
        run_cli(tmp_path, *command).output for command in (["show"], ["log"]))
    record = [path for path in sorted((tmp_path / "memory").rglob("*")) if path.is_file()]
    assert any(path.name == "record.json" for path in record)
    for tail in ("vault code", "88-alpha-31", "door code", "66-gamma-53"):
        assert tail not in told, tail
        assert not [path for path in record if tail in path.read_text(errors="replace")], tail


def test_a_dated_sentence_memory_keeps_is_quoted_whole(tmp_path: Path) -> None:
    project_with_one_session(tmp_path, ["The deploy is on Friday, the vault is in Frankfurt."],
                             SAID_AT)

    run_cli(tmp_path, "--force")

    said = "The deploy is on 2026-07-03, the vault is in Frankfurt."
    decisions = _decisions(tmp_path)
    assert ("dated", said) in decisions, decisions
    assert ("created", said) in decisions, decisions
    assert said in run_cli(tmp_path, "show").output


def test_a_dropped_sentence_saying_no_value_is_quoted_whole(tmp_path: Path) -> None:
    project_with_one_session(tmp_path, ["Don't bother updating the changelog for this one."],
                             SAID_AT)

    run_cli(tmp_path, "--force")

    lines = run_cli(tmp_path, "show", "--all-decisions").output.splitlines()
    assert "  dropped    Don't bother updating the changelog for this one." in lines, lines


def test_a_dropped_sentence_naming_products_is_quoted_whole(tmp_path: Path) -> None:
    # (names in capitals are no value: "API", "GitHub")
    said = "Don't bother with the GitHub API for this one."
    project_with_one_session(tmp_path, [said], SAID_AT)

    run_cli(tmp_path, "--force")

    shown = run_cli(tmp_path, "show", "--all-decisions").output
    assert said in shown, shown


def test_a_short_code_memory_does_not_hold_is_cut_off(tmp_path: Path) -> None:
    # (a code with a digit is a value too; the words memory holds, by their stems, are none:
    # "office", "gate", "codes")
    project_with_one_session(tmp_path, ["The office gate code is 7QZ.",
                                        "The office wifi code is kq7."], SAID_AT)
    (tmp_path / "memory" / "project_office.md").write_text(
        "---\nname: Office\ndescription: the office\ntype: project\n---\n\n"
        "The office gate codes change every month; the wifi is guest.\n")
    (tmp_path / "memory" / "MEMORY.md").write_text(
        "## Project\n- [Office](project_office.md) — the office\n")

    run_cli(tmp_path, "--force")

    decisions = _decisions(tmp_path)
    assert ("dropped", "The office gate code …") in decisions, decisions
    assert ("dropped", "The office wifi code …") in decisions, decisions
    told = "".join(run_cli(tmp_path, *command).output for command in (
        ["show", "--all-decisions"], ["show", "--all-decisions", "--json"], ["log"]))
    for value in ("7QZ", "kq7"):
        assert value not in told, value
        assert not [path for path in (tmp_path / "memory").rglob("*")
                    if path.is_file() and value in path.read_text(errors="replace")], value


def test_the_sample_keeps_its_kept_decisions_whole(sample: Path) -> None:
    run_cli(sample, "--force", "--backend", "local", now="2026-07-10T10:00:00Z")
    lines = run_cli(sample, "show", "--all-decisions").output.splitlines()
    for said in ("kept       The user is Dana, a data engineer at a logistics company, and they "
                 "maintain csvstat in their spare time.",
                 "kept       Use black again, not ruff format.",
                 "dropped    Delete trips.csv, I don't want real data lying around."):
        assert f"  {said}" in lines, lines


def test_a_code_in_capitals_said_as_a_secrets_value_is_cut_off(tmp_path: Path) -> None:
    # (a word naming a secret, "is", "was" or ":", then capitals alone: 'XQZ', 'ABCD'; a name
    # in capitals said otherwise, "the GitHub API", "the error code is ENOENT", "The password is
    # LDAP.", "The timezone code is UTC.", is quoted whole)
    project_with_one_session(tmp_path, ["The office gate code is XQZ.",
                                        "The alarm PIN is ABCD.",
                                        "Don't bother with the GitHub API for this one.",
                                        "Don't bother when the error code is ENOENT.",
                                        "The password is LDAP.",
                                        "The timezone code is UTC."], SAID_AT)

    run_cli(tmp_path, "--force")

    decisions = _decisions(tmp_path)
    assert ("dropped", "The office gate code …") in decisions, decisions
    assert ("dropped", "The alarm PIN is …") in decisions, decisions
    told = "".join(run_cli(tmp_path, *command).output for command in (
        ["show", "--all-decisions"], ["show", "--all-decisions", "--json"], ["log"]))
    for value in ("XQZ", "ABCD"):
        assert value not in told, value
        assert not [path for path in (tmp_path / "memory").rglob("*")
                    if path.is_file() and value in path.read_text(errors="replace")], value
    shown = run_cli(tmp_path, "show", "--all-decisions").output
    assert "Don't bother with the GitHub API for this one." in shown, shown
    assert "Don't bother when the error code is ENOENT." in shown, shown
    assert "The password is LDAP." in shown, shown
    assert "The timezone code is UTC." in shown, shown


def test_a_code_said_of_a_things_own_or_a_compounds_lock_is_cut_off(tmp_path: Path) -> None:
    # ("the front door's code", "the front-door code": what the code opens owning it, or the
    # last part of a compound, as "the office gate code" names it)
    project_with_one_session(tmp_path, [
        "The release is pushed back to Friday, the front door's code is XQZ.",
        "The demo is pushed back to Monday, the front-door code is KQZX.",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    decisions = _decisions(tmp_path)
    assert ("dropped", "The release is pushed …") in decisions, decisions
    assert ("dropped", "The demo is pushed …") in decisions, decisions
    told = "".join(run_cli(tmp_path, *command).output for command in (
        ["show"], ["show", "--all-decisions"], ["show", "--all-decisions", "--json"], ["log"]))
    for value in ("XQZ", "KQZX"):
        assert value not in told, value
        assert not [path for path in (tmp_path / "memory").rglob("*")
                    if path.is_file() and value in path.read_text(errors="replace")], value


@pytest.mark.parametrize(("said", "quoted"), [
    ("The office gate code is XQZ.", "The office gate code …"),
    ("The PIN is ABCD.", "The PIN is …"),
    ("the door code was QWERTY for visitors", "the door code was …"),
    ("The wifi password: KQZX", "The wifi password: …"),
    # (capitals said otherwise: a product, a code saying what failed or where, emphasis, a name
    # going on)
    ("We use the GitHub API.", "We use the GitHub API."),
    ("The error code is ENOENT.", "The error code is ENOENT."),
    ("The country code is USA.", "The country code is USA."),
    ("The code is GPL.", "The code is GPL."),
    ("The password is NOT shared.", "The password is NOT shared."),
    ("The secret is AWS-managed.", "The secret is AWS-managed."),
    ("The PIN is XQZ.com, ask there.", "The PIN is XQZ.com, ask there."),
    # (a code of a thing no secret opens: a language, a licence, a format, a signal, a zone;
    # a pin of a board or a version; a password's or a secret's mechanism or state; many
    # passwords or secrets, named in the plural)
    ("Legacy code is COBOL, leave it alone.", "Legacy code is COBOL, leave it alone."),
    ("Generated code is ESM only.", "Generated code is ESM only."),
    ("All code is MIT licensed.", "All code is MIT licensed."),
    ("The infra code is HCL.", "The infra code is HCL."),
    ("The signal code is SIGTERM.", "The signal code is SIGTERM."),
    ("The timezone code is UTC.", "The timezone code is UTC."),
    ("The building code is IBC.", "The building code is IBC."),
    ("The combination is AND of both filters.", "The combination is AND of both filters."),
    ("The Node pin is LTS.", "The Node pin is LTS."),
    ("The reset pin is GPIO.", "The reset pin is GPIO."),
    ("Password: SSO only.", "Password: SSO only."),
    ("The password is LDAP.", "The password is LDAP."),
    ("The secret was ROTATED last week.", "The secret was ROTATED last week."),
    ("The password is EXPIRED.", "The password is EXPIRED."),
    ("The PIN is OPTIONAL.", "The PIN is OPTIONAL."),
    ("The password was RESET yesterday.", "The password was RESET yesterday."),
    ("Secret = UUID.", "Secret = UUID."),
    ("Secrets: AWS SSM, not dotenv.", "Secrets: AWS SSM, not dotenv."),
    ("Passwords: LDAP.", "Passwords: LDAP."),
    # (what a code opens, a pin's too: cut)
    ("The garage code is BANANA.", "The garage code is …"),
    ("Lock combination: QWERTY", "Lock combination: …"),
    ("the alarm pin is KQZX", "the alarm pin is …"),
    # (what it opens owning the code, or ending a compound: cut; a word owning a code that
    # opens nothing, or a compound ending in no such word, quoted whole)
    ("The front door's code is XQZ.", "The front door's code …"),
    ("The front door\u2019s code is XQZ.", "The front door\u2019s code …"),
    ("The front-door code is XQZ.", "The front-door code is …"),
    ("The gate's pin is KQZX.", "The gate's pin is …"),
    ("The error's code is ENOENT.", "The error's code is ENOENT."),
    ("The country's code is USA.", "The country's code is USA."),
    ("The back-end code is HCL.", "The back-end code is HCL."),
    ("The house's code is XQZ.", "The house's code is …"),
    ("The door-lock code is KQZX.", "The door-lock code is …"),
    # (a code owned by, or a compound ending in, a thing no hand opens with a code, or a
    # licence: what the code is, quoted whole as main quoted it)
    ("The backup's code is MIT licensed.", "The backup's code is MIT licensed."),
    ("The card's code is ISO compliant.", "The card's code is ISO compliant."),
    ("The alarm's code is AGPL.", "The alarm's code is AGPL."),
    ("The garage's code is GPL.", "The garage's code is GPL."),
    ("The smart-lock code is GPL licensed.", "The smart-lock code is GPL licensed."),
    ("The read-access code is ASM.", "The read-access code is ASM."),
])
def test_a_dropped_sentence_is_cut_before_a_code_in_capitals_only(said: str, quoted: str
                                                                   ) -> None:
    dropped = Decision("dropped", said, "no rule")
    assert [d.subject for d in quoted_as_kept([dropped], {"MEMORY.md": ""})] == [quoted]
    # (memory holding the code: quoted whole)
    assert [d.subject for d in quoted_as_kept([dropped], {"a.md": said})] == [said]
