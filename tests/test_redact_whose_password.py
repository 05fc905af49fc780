"""A password said with whose it is between the word and its value ("the password for prod is
Hunter2xyz, use it"): hidden whatever follows it in the sentence, as "the prod password is
Hunter2xyz, ok?" is. It was hidden only where the value ended the clause ("... is Hunter2xyz."),
and a dream wrote it into a topic file's name, title, body and MEMORY.md line. The sentences that
name a thing about passwords, not a password, stay as written (memories, not secrets)."""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autodream import redact as redact_module
from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.story import DAY0, Story, live

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "shown"), [
    ("The password for prod is Hunter2xyz, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Summer2024!, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("The password for prod is $ecretPass1, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    # (whose it is in more words, or on, of; quoted; no comma; a sign, a parenthesis after it)
    ("the password for the prod db is Hunter2xyz, ask Bob first.",
     "the password for the prod db is [REDACTED:assigned-secret], ask Bob first."),
    ("the password on staging is Hunter2xyz!! use it.",
     "the password on staging is [REDACTED:assigned-secret] use it."),
    ('the password of the admin account is "Tr0ub4dor&3", use it.',
     'the password of the admin account is "[REDACTED:assigned-secret]", use it.'),
    ("The password for prod is Hunter2xyz use it.",
     "The password for prod is [REDACTED:assigned-secret] use it."),
    ("the password for prod is Hunter22x (rotated monthly).",
     "the password for prod is [REDACTED:assigned-secret] (rotated monthly)."),
    # (a capitalised word, a digit and a word run together: a password, "Win11Pro, the domain
    # login" is the login's, not an edition of Windows; not a numeronym's "S3cret...", nor a
    # variable's "$ecret...")
    ("The password for the laptops is Win11Pro, the domain login.",
     "The password for the laptops is [REDACTED:assigned-secret], the domain login."),
    ("The password for the team is Team7Vault, ask Bob.",
     "The password for the team is [REDACTED:assigned-secret], ask Bob."),
    ("The password for the bucket is S3cretPass!, use it.",
     "The password for the bucket is [REDACTED:assigned-secret], use it."),
    ("The password for the db is $ecretPass1, use it.",
     "The password for the db is [REDACTED:assigned-secret], use it."),
    # (near misses of a length, a product, acronyms, an issue's number, a variable)
    ("the password for prod is 1Hunter2xyz, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Summer+2024, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Pass#1234, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is $ecret12!, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    # (a slash, a full-width comma or an enumeration comma after it: the words after are the
    # sentence's, as written)
    ("The password for prod is Hunter2xyz/use it.",
     "The password for prod is [REDACTED:assigned-secret]/use it."),
    ("The password for prod is Hunter2xyz\uff0cuse it.",
     "The password for prod is [REDACTED:assigned-secret]\uff0cuse it."),
    ("The password for prod is Hunter2xyz\u3001use it.",
     "The password for prod is [REDACTED:assigned-secret]\u3001use it."),
    # (a full-width sentence end and the next sentence, no space between, as Chinese and
    # Japanese write: the next sentence is kept, whatever the verb)
    ("the password for prod was Hunter2xyz\u3002Use it.",
     "the password for prod was [REDACTED:assigned-secret]\u3002Use it."),
    ("the password for prod is Hunter2xyz\u3002Use it.",
     "the password for prod is [REDACTED:assigned-secret]\u3002Use it."),
    ("the password for prod is now Hunter2xyz\uff01Use it.",
     "the password for prod is now [REDACTED:assigned-secret]\uff01Use it."),
    ("the password for prod is Hunter2xyz\uff1fReally.",
     "the password for prod is [REDACTED:assigned-secret]\uff1fReally."),
    ("the password to the vault is Tr0ub4dor&3\u3002Ask Bob.",
     "the password to the vault is [REDACTED:assigned-secret]\u3002Ask Bob."),
    ("the password for prod is Hunter2xyz\uff01\u8bf7\u4f7f\u7528\u3002",
     "the password for prod is [REDACTED:assigned-secret]\uff01\u8bf7\u4f7f\u7528\u3002"),
    # (... but one before a letter, a digit or a sign that is no word of its own is the
    # password's: hidden with it, whole)
    ("the password for prod is Hunter\u30022xyz, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Hunter2xyz\u3002abc, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Abc\uff01def1, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Pass\uff1fWord1, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    # (dashes, full-width colons and semicolons, an ellipsis or a parenthesis with no space
    # before it, curly quotes and guillemets around it: as written, the value alone hidden)
    *[(f"The password of the root user is Hunter2xyz{stop}rotate it.",
       f"The password of the root user is [REDACTED:assigned-secret]{stop}rotate it.")
      for stop in ("\u2014", "\u2013", "\uff1a", "\uff1b", "\u2026", "(")],
    *[(f"The password of the root user is {opening}Hunter2xyz{closing}, rotate it.",
       f"The password of the root user is {opening}[REDACTED:assigned-secret]{closing}, rotate it.")
      for opening, closing in (("\u201c", "\u201d"), ("\u2018", "\u2019"), ("\u00ab", "\u00bb"))],
])
def test_a_password_said_with_whose_it_is_is_hidden_as_the_sentence_goes_on(
        text: str, shown: str) -> None:
    assert redact(text) == shown


# Memories, not secrets: what a thing about passwords is named, where one lives, how it is made
KEPT = [
    "the password leak fix is PR4411, it merged today.",
    "the password reset ticket is INC0042, use it.",
    "the password rotation is due Q3-2026, plan it.",
    "the password owner is jsmith42, ask him.",
    "the password manager is Office365, use it.",
    "the password policy is WPA2-Enterprise, use it.",
    "the password for prod is in Vault, use it.",
    "the password for prod is rotated weekly, use it.",
    "the password hashing for users is argon2id, use it.",
    "the password for prod is stored in 1Password, use it.",
    "Remember: the password hashing for users is argon2id. we dropped bcrypt last sprint.",
    # (near misses of the value after whose it is: a hash, a format, a version, a length, a
    # variable or a template standing for it, a word with no digit)
    "the password for users is argon2id, use it.",
    "the password for users is Argon2id-hashed, use it.",
    "the password for prod is utf8-encoded, use it.",
    "the password for prod is base64, use it.",
    "the password for prod is v2.3.1-post1, use it.",
    "the password for prod is 16-characters, use it.",
    "the password for prod is GITHUB_TOKEN2, use it.",
    "the password for prod is $DB_PASSWORD2, use it.",
    "the password for prod is ${DB_PASSWORD2}, use it.",
    "the password for prod is <your password>, use it.",
    "the password for prod is xxxxxxxx, use it.",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_thing_about_passwords_is_no_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


# ... and what a sentence saying whose password it is ("for", "of", "on") names when it names
# no password, the sentence going on after it: a standard, a length, how it is kept, a product
# and its version, an id, a name in lower case, a camelCase, dotted or snake_case name, where it
# lives (a path, a URL, an ARN), code; and "to", "at", "in", which say what for, where or when
# ("password in transit", "password to rotate"), not whose
KEPT_AFTER_WHOSE = [
    # (what is done with a password, said in a word ending in "-en")
    "the password at the office is written on the whiteboard, ask Bob.",
    "the password for prod is stolen.",
    "the root password is broken and needs a reset.",
    "the password for the vpn is forgotten and so is the pin.",
    "the password for compliance is NIST-800-63B, see doc.",
    "The password for prod is 16chars minimum, see the policy.",
    "The password for prod is 12chars, use pwgen.",
    "The password for prod is 2FA-protected, ask Bob.",
    "The password for prod is Base64-encoded, decode it first.",
    "The password for prod is 1Password-managed, use it.",
    "The password for the admin is 90d-old, rotate it soon.",
    "The password for prod is Q3-2025 rotated, see the ticket.",
    "The password for prod is IPv6-only? no, that is the host.",
    "the password for the bot is OAuth2, no password at all.",
    "the password for the bot is React18, wrong.",
    "the password for the db is getUserPassword2, see code.",
    "the password of the month is Okta2FA, joke.",
    "the password for the reset ticket is INC0042, use it.",
    "the password for the reset is Windows11, use it.",
    "the password on the tracker is 1Password8, use it.",
    "the password for the owner is jsmith42, use it.",
    "the password for prod is /etc/secrets/db2, use it",
    "the password for prod is op://Prod2/db/password, use it",
    "the password for prod is https://vault.example.com/ui/prod2, open it",
    "the password for prod is process.env.DB_PASS2, use it",
    "the password for prod is settings.DB_PASS2, use it",
    "the password for prod is user.password2, use it",
    "the password for prod is db_pass2, use it",
    "the password for prod is arn:aws:secretsmanager:us-east-1:123:secret:prod2, use it",
    "the password for prod is file:~/.pgpass2, use it",
    "the password for prod is k8s-secret/db2, use it",
    "The password for prod is env:DB_PASS2, use it.",
    "Password in transit: TLS1.3 only, fine.",
    "Password at rest: AES256-GCM, fine.",
    "Password to rotate: svc-deploy2, then svc-ci.",
    "Password for review: PR4411, merged yesterday.",
    "Password of record: jsmith42, ask him.",
    "password for user in users: is_valid2(user), next",
    "the password for the db is getUserPassword2(user), see code.",
    "the password for prod is os.getenv(DB_PASS2), use it",
    "The password for the team vault is \u201c1Password\u201d, not LastPass.",
    "The password for the cluster is K8sSecret-v2\u2014mounted as a file.",
    # (a hash's name starting it, a class's name: the lists the other rules read)
    "the password for users is Argon2Hasher, see code.",
    "the password for prod is SHA256Hex, use it.",
    "the password for prod is Bcrypt12Rounds, use it.",
    # (a length with a plus, a product whose name starts with digits, acronyms joined by a
    # plus, an acronym and its version before a word ("AWS4Auth": a scheme's name, "DB2Prod": a
    # database's), a numeronym and a name (a Kubernetes secret's), a variable in any case, an
    # issue's number, the characters it may hold)
    "The password for the team vault is 1Password, not LastPass.",
    "The password for the team vault is 1Password (the business plan).",
    "The password for new accounts is 12+chars, with one symbol.",
    "The password for admins is 16+chars, rotated yearly.",
    "The password for the archive is 7-Zip, not zip.",
    "The password for the service is 2FA+TOTP, no SMS.",
    "The password for the CI bot is AWS4Auth, signed requests only.",
    "The password for the db is DB2Prod, ask Bob.",
    "The password for the cluster is K8sSecret-v2, mounted as a file.",
    "The password for CI is $DbPass2, set in GitHub.",
    "The password for CI is $db_pass2, set in GitHub.",
    "The password for the fix is PR#4411, it merged today.",
    "The password for the service is a-Z0-9, see the runbook.",
]


@pytest.mark.parametrize("text", KEPT_AFTER_WHOSE)
def test_what_a_sentence_saying_whose_password_names_is_no_secret(text: str) -> None:
    assert redact(text) == text


def test_the_names_of_hashes_and_classes_that_are_no_password_are_listed_once() -> None:
    # (two copies drift: a name added to one rule's list and not another's is a password to
    # one and a memory to the other)
    source = Path(redact_module.__file__).read_text()
    # (the names a value's start is asked by and a hash's whole name is told by are one list:
    # "yescrypt", "balloon", "phpass", "ntlm" were written in a second, whole names only, and
    # the two were each "_HASH_NAME", a string and a pattern)
    tree = ast.parse(source)
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    code = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]
    for name in ("yescrypt", "balloon", "phpass", "ntlm"):
        assert sum(text.count(name) for text in code) == 1, name
    assert redact_module._HASH_NAME_WHOLE.pattern == redact_module._HASH_NAME
    assert source.count("Hasher|Validator|Field|Input|Form|Handler|Service|Manager") == 1


def test_a_dream_keeps_what_sentences_saying_whose_password_name(tmp_path: Path) -> None:
    said = [
        "Remember: the password for prod is 2FA-protected, ask Bob.",
        "Remember: the password for compliance is NIST-800-63B, see the doc.",
        "Remember: the password for the bot is OAuth2, there is none.",
        "Remember: password for review: PR4411, merged yesterday.",
        "Remember: the password for prod is https://vault.example.com/ui/prod2, open it.",
        "Remember: the password for the team vault is 1Password, not LastPass.",
        "Remember: the password for new accounts is 12+chars, with one symbol.",
    ]
    story = Story(steps=[("say", DAY0 + timedelta(minutes=n), text)
                         for n, text in enumerate(said)])
    story.steps.append(("dream", DAY0 + timedelta(hours=2), ""))

    memory = live(story, tmp_path / "story")

    for kept in ("NIST-800-63B", "OAuth2", "PR4411", "vault.example.com",
                 "1Password, not LastPass", "12+chars, with one symbol"):
        assert kept in memory


def test_a_dream_keeps_no_password_said_with_whose_it_is_and_every_memory_about_them(
        tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the password for prod is Hunter2xyz, use it.",
        "Remember: the password for staging is Summer2024!, use it.",
        "Remember: the password for the db is $ecretPass1, use it.",
        "Remember: the password hashing for users is argon2id. we dropped bcrypt last sprint.",
        "Remember: the password reset ticket is INC0042, use it.",
    ], SAID_AT)
    # (the person's own topic file about passwords, restated in the session: written back with
    # the session as a source, each line as the person wrote it; not the first, whose "today"
    # a dream dates)
    lines = [text[0].upper() + text[1:] for text in KEPT[1:10]]
    (root / "memory" / "project_password-policy.md").write_text(
        "---\nname: Password policy\ndescription: who owns passwords and where they live\n"
        "type: project\nsources:\n- 2026-06-01 0000aaaa-0000-4000-8000-000000000001\n---\n\n"
        + "\n".join(lines) + "\n")
    (root / "memory" / "MEMORY.md").write_text(
        "- [Password policy](project_password-policy.md) — who owns passwords\n")

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    # no secret in a file's name, a title, a body, MEMORY.md, the journal or the diary
    for secret in ("hunter2xyz", "summer2024", "$ecretpass1", "ecretpass1"):
        assert secret not in kept.lower()
    memory = root / "memory"
    index = (memory / "MEMORY.md").read_text()
    assert "argon2id" in index and "we dropped bcrypt last sprint" in index
    policy = (memory / "project_password-policy.md").read_text()
    assert policy.endswith("\n---\n\n" + "\n".join(lines) + "\n")
    assert "- 2026-07-01 " in policy  # (written back)


# Whose it is said with "to", "at" or "in" ("the password to the vault", "at the office", "in
# staging"): shown where the sentence went on after it, hidden where it ended the clause
@pytest.mark.parametrize(("text", "shown"), [
    ("the password to the vault is Hunter2xyz, use it.",
     "the password to the vault is [REDACTED:assigned-secret], use it."),
    ("the password at the office is Hunter2xyz, use it.",
     "the password at the office is [REDACTED:assigned-secret], use it."),
    ("the password in staging is Hunter2xyz, use it.",
     "the password in staging is [REDACTED:assigned-secret], use it."),
    ("the password in CI is $ecretPass1, set it.",
     "the password in CI is [REDACTED:assigned-secret], set it."),
    ("the password at the office was Tr0ub4dor&3, ask Bob.",
     "the password at the office was [REDACTED:assigned-secret], ask Bob."),
])
def test_a_password_said_to_at_or_in_what_is_hidden_as_the_sentence_goes_on(
        text: str, shown: str) -> None:
    assert redact(text) == shown


# ... and what a sentence saying so names is a memory: where it is, how it is kept, what it is
# made of, a ticket, a product, a variable, a path, a URL, a name in code
KEPT_TO_AT_IN = [
    "the password to the vault is in 1Password, ask Bob.",
    "the password to the vault is on the sticky note, ask Bob.",
    "the password to the vault is kept by ops2 team.",
    "the password at the office is on the whiteboard, ask Bob.",
    "the password in staging is different from prod2, careful.",
    "the password in production is rotated every 90 days.",
    "the password in the ticket is INC0042, see it.",
    "the password to the server is shared via Bitwarden, ask ops.",
    "the password at rest is AES256, always.",
    "the password in transit is tls13, always.",
    "the password in transit is TLS1.3, always.",
    "the password to the vault is 2FA-protected, ask Bob.",
    "the password in Vault is OAuth2-backed, see docs.",
    "the password in Vault is Python3-generated, see docs.",
    "the password in the wiki is PR#4411, see it.",
    "the password in the wiki is NIST-800-63B, see it.",
    "the password in the docs is $DB_PASSWORD, see env.",
    "the password in the docs is /etc/secrets/db2, see it.",
    "the password in the docs is https://vault.example.com/v2, open it.",
    "the password in the form is getUserPassword2, rename it.",
    "the password in the code is settings.DB_PASS2, rename it.",
    "the password in the code is db_pass2, rename it.",
    "the password in the model is Argon2Hasher, rename it.",
    "the password in the db is Argon2id-hashed, good.",
    "the password in the db is utf8-encoded, ugh.",
    "the password in the db is sha256, ugh.",
    "the password in Windows11 is stored in Credential Manager.",
    "the password to MySQL8 is in the env, see it.",
    "the password to the vault is 1Password8, weird.",
    "the password at sign-up is 12+chars, enforced.",
    "the password in prod is still React18-era, heh.",
]


@pytest.mark.parametrize("text", KEPT_TO_AT_IN)
def test_what_a_sentence_saying_to_at_or_in_what_names_is_no_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_a_dream_keeps_no_password_said_to_at_or_in_what(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the password to the vault is Hunter2xyz, use it.",
        "Remember: the password in CI is $ecretPass1, set it.",
        "Remember: the password to the vault is in 1Password, ask Bob.",
    ], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    for secret in ("hunter2xyz", "ecretpass1"):
        assert secret not in kept.lower()
    assert "in 1Password, ask Bob" in kept


# A word passwords are made of and its number ("Spring2026", "Welcome1") said as whose password
# it is: shown where the sentence went on, as a product and its version ("OAuth2") is
@pytest.mark.parametrize(("text", "shown"), [
    ("The password for staging is Spring2026, share it.",
     "The password for staging is [REDACTED:assigned-secret], share it."),
    ("The password for staging is Welcome1, share it.",
     "The password for staging is [REDACTED:assigned-secret], share it."),
    ("The password for prod is Password123, share it.",
     "The password for prod is [REDACTED:assigned-secret], share it."),
    ("the password for new users is Welcome1 until they change it.",
     "the password for new users is [REDACTED:assigned-secret] until they change it."),
    ("The password for prod was Summer2024, rotate it.",
     "The password for prod was [REDACTED:assigned-secret], rotate it."),
    ("The password for prod is now Spring2026.",
     "The password for prod is now [REDACTED:assigned-secret]."),
    ("The password for prod is Hunter2, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    # (an account's name and its number, as the colon rules read it)
    ("The password for prod is Admin123, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    ("The password for prod is Root42, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    ("The password for the wifi is Guest1, use it.",
     "The password for the wifi is [REDACTED:assigned-secret], use it."),
    ("The password for prod is Pass1234, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod was Admin123, rotate it.",
     "the password for prod was [REDACTED:assigned-secret], rotate it."),
    # ("Spring6" too: said as a password's value it is read as one wherever the sentence ends,
    # as "the root password is Spring6" and "... for prod is Spring6." were already)
    ("The password for prod is Spring6, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    ("The password for prod is Spring6.", "The password for prod is [REDACTED:assigned-secret]."),
    ("the root password is Spring6", "the root password is [REDACTED:assigned-secret]"),
])
def test_a_word_passwords_are_made_of_and_its_number_is_hidden_as_the_sentence_goes_on(
        text: str, shown: str) -> None:
    assert redact(text) == shown


KEPT_WORD_AND_NUMBER = [
    "The password for the laptop is Windows11, use it.",
    "The password for prod is iPhone15, use it.",
    "The password for prod is Springfield2, use it.",
    "The password for prod is Falls2, use it.",
    "The password for prod is Passport2, use it.",
    "The password for prod is Rootkit3, use it.",
    "The password for the db is Postgres16, see the docs.",
    "The password for prod is Winter2025-rotated, ok.",
    "The password for prod is Spring2026-era, ok.",
    "The password for prod expires in Spring2026, plan it.",
    "The password for prod is valid until Spring2026, plan it.",
    "The password for prod is Spring2026.5, use it.",
    "The password for the bot is OAuth2, there is none.",
    "The password for the app is React18, see the docs.",
    "The password for the db is MySQL8, see the docs.",
    "The password for the realm is Kerberos5, see the docs.",
    "The password for the script is Python3, see the docs.",
]


@pytest.mark.parametrize("text", KEPT_WORD_AND_NUMBER)
def test_a_name_and_its_number_said_of_a_password_is_no_secret(text: str) -> None:
    assert redact(text) == text


def test_a_dream_keeps_no_word_and_number_password_said_with_whose_it_is(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the password for staging is Spring2026, share it with Bob.",
        "Remember: the password for the bot is OAuth2, there is none.",
    ], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    assert "spring2026" not in kept.lower()
    assert "OAuth2, there is none" in kept
