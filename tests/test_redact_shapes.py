"""Redaction of a secret in an unusual case or beside shell syntax, and the ordinary text near
those shapes that stays as written (tokens capitalised or lower-cased, a pair's "!", a value of
shell expansions, a git ref, a format's name after an arrow)."""

from __future__ import annotations

import pytest

from autodream.redact import find_secrets, redact

# ---- a token's prefix capitalised, or a key lower-cased -------------------------------------

# (upper-cased in a message: the header and claims of a JWT, base64 of '{"alg":...' and
# '{"sub":...', each "EYJ")
_JWT_IN_CAPITALS = (
    "EYJHBGCIOIJIUZI1NIISINR5CCI6IKPXVCJ9" + ".EYJZDWIIOIIXMJM0NTY3ODKWIIWIBMFTZSI6IKPVAG4G"
    + ".SFLKXWRJSMEKKF2QT4FWPMEJF36POK6YJV_ADQSSW5C"
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a token that starts a sentence, capitalised by the person or their keyboard
        ("Ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8 is the CI token", "github-token"),
        ("Gho_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "github-token"),
        ("Github_pat_" + "11ABCDEFG0123456789abc_" + "a1" * 29 + "B", "github-token"),
        ("Sk-ant-" + "api03-abcd1234efgh5678ijkl", "anthropic-key"),
        ("Sk-proj-" + "ab12cd34ef56gh78ij90kl12mn34op56", "openai-key"),
        ("Xoxb-" + "1234567890-1234567890-abcdefabcdef", "slack-token"),
        ("Npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "npm-token"),
        ("Aiza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q", "google-api-key"),
        ("aiza" + "sya1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q", "google-api-key"),
        ("Glpat-" + "ab12cd34ef56gh78ij90", "gitlab-token"),
        ("Sk_live_" + "ab12cd34ef56gh78ij90", "stripe-key"),
        ("Hf_" + "ab12cd34ef56gh78ij90kl12mn34op56", "huggingface-token"),
        # an AWS key id lower-cased, in a sentence or capitalised at its start
        ("the key is akia" + "iosfodnn7example, rotate it", "aws-access-key"),
        ("Akia" + "iosfodnn7example", "aws-access-key"),
        ("asia" + "3xmpl2keyid4abcd", "aws-access-key"),
        # a JWT known by its shape in any case
        (_JWT_IN_CAPITALS, "jwt"),
        (_JWT_IN_CAPITALS.lower(), "jwt"),
    ],
)
def test_a_token_capitalised_or_lower_cased_is_redacted(text: str, kind: str) -> None:
    assert [hit.kind for hit in find_secrets(text)] == [kind]
    # (none of the token's body is left: its last twelve characters are gone)
    token = max(text.replace(",", " ").split(), key=len)
    assert token[-12:] not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        # a capitalised word that begins as a prefix does, in prose or a name: no digit after
        # it where the body may hold a sign, or no run of a token's characters
        "Sk-learn-compatible-estimators-here",
        "Ticket Sk-1234 is done",
        "Xoxb-token-goes-here",
        "Npm_token_name is unset",
        "Glpat-token-goes-here-for-ci",
        "Aiza-and-the-team-went-home-together-now",
        "Ghp_token_for_ci",
        # a word that begins as an AWS prefix does, in lower case, with no digit
        "asiapacificnortheast",
        "the akiapolaau is a bird",
    ],
)
def test_a_word_beginning_as_a_prefix_does_is_left_alone(text: str) -> None:
    assert redact(text) == text


# ---- a pair's value ending in "!" -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # (the "!" is a sign in the password, not the end of a sentence: "is the login" after
        # it was not read with the pair, and the value was taken for a pipeline's name)
        ("ci:Pipeline-42! is the login", "Pipeline-42"),
        ("ci:Pipeline-42!", "Pipeline-42"),
        ("Use github:Build-42! for the job", "Build-42"),
        ("db:Primary#2! is what we use", "Primary#2"),
        ("jenkins:Pipeline-42!", "Pipeline-42"),
    ],
)
def test_a_pair_whose_value_ends_in_a_bang_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- a value made only of shell expansions --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a default that is another variable: the inner "DB_PASSWORD:" was read as a name
        # given "-$FALLBACK}"
        "DB_PASSWORD=${DB_PASSWORD:-$FALLBACK}",
        "DB_PASSWORD=${DB_PASSWORD:-${FALLBACK}}",
        "PGPASSWORD=${PGPASSWORD:-$FALLBACK}",
        "MYSQL_ROOT_PASSWORD: ${MYSQL_ROOT_PASSWORD:-${DEFAULT_PW}}",
        "DB_PASSWORD=${DB_PASSWORD:?required}",
        "secret: ${SECRET:+$OTHER}",
        "API_KEY=${API_KEY:-$(cat key)}",
        # a command inside the command: its first word was taken for the value
        "API_KEY=$(cat $(dirname $0)/key)",
        "export GITHUB_TOKEN=$(cat $(dirname $0)/token)",
        "API_KEY=$(echo $(cat key))",
        # a short keyword's variable ("pass" and "pw" took any value)
        "DB_PASS=${DB_PASS}",
        "DB_PASS=$DB_PASS",
        "DB_PASS=${DB_PASS:-$FALLBACK}",
    ],
)
def test_a_value_of_shell_expansions_only_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a literal default, a command writing a literal, a word shaped like a secret, a
        # literal after the expansion: each is the secret
        ("SECRET_KEY=${X:-s3cretXyz9Q}", "s3cretXyz9Q"),
        ("API_KEY=$(echo s3cr3tValue9)", "s3cr3tValue9"),
        ("DB_PASSWORD=${DB_PASSWORD:-Hunter2xyz}", "Hunter2xyz"),
        ("echo ${DB_PASSWORD:-Hunter2xyz}", "Hunter2xyz"),
        ("secret: ${SECRET:+s3cretXyz9Q}", "s3cretXyz9Q"),
        ("API_KEY=$(cat $(echo s3cr3tValue9))", "s3cr3tValue9"),
        ("API_KEY=$(cat $(dirname $0) s3cr3tValue9)", "s3cr3tValue9"),
        ("API_KEY=$(get $(dirname $0) Hunter2xyz)", "Hunter2xyz"),
        ("API_KEY=$(cat $(dirname $0)/key)s3cretXyz9", "s3cretXyz9"),
        # (a command as a variable's default: its literal was left after the first word)
        ("API_KEY=${API_KEY:-$(echo s3cr3tValue9)}", "s3cr3tValue9"),
        ("x=${API_KEY:-$(echo s3cr3tValue9)}", "s3cr3tValue9"),
        ("API_KEY=${API_KEY:-$(get Hunter2xyz)}", "Hunter2xyz"),
        ("DB_PASS=${X:-s3cretXyz9Q}", "s3cretXyz9Q"),
        ("DB_PASS=$dbPass2x", "dbPass2x"),
    ],
)
def test_a_literal_beside_a_shell_expansion_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- a git ref after a git command ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # (a word, a colon and the word capitalised with numbers was read as a user and a
        # password that begins with the user's name)
        "git checkout release:Release-2026-07",
        "git push origin release:Release-2026-07",
        "git -C repo push --force origin main:Main-2026",
        "Then run git fetch origin release:Release-2026-07 before the build.",
    ],
)
def test_a_git_ref_after_a_git_command_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # (a sign in it, an account's name, a login word, another command, no git command)
        ("git push origin ci:Deploy#26", "Deploy#26"),
        ("git checkout admin:Admin-2024", "Admin-2024"),
        ("git checkout release:Release-2026-07 and log in with it", "Release-2026-07"),
        ("git pull; deploy:Deploy-2026", "Deploy-2026"),
        ("git pull && release:Release2026x", "Release2026x"),
        ("the release:Release-2026-07 pair", "Release-2026-07"),
        ("git pull then use app:app2026 for the db", "app2026"),
        ("git push and use app:App-2026", "App-2026"),
    ],
)
def test_a_pair_beside_a_git_command_that_is_no_ref_is_redacted(
    text: str, secret: str
) -> None:
    assert secret not in redact(text)


# ---- an encoding's name after "password ->" or "password's" ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # (inside the rule's (?i) the value's "both cases" check took any letter for both)
        "the password -> base64 encoded now",
        "the password -> base64-encoded now",
        "the secret's utf8 bytes are hashed",
        "the password's sha256 digest is stored",
        "the api key -> int64 column",
        "the password's v2-format now",
    ],
)
def test_a_formats_name_after_a_secrets_arrow_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # (a password in lower case and digits that names no format stays a password)
        ("the db password's hunter22 now", "hunter22"),
        ("the password -> hunter2024", "hunter2024"),
        ("the password -> Base64x9 now", "Base64x9"),
        ("the password -> base64! now", "base64"),
        ("passwd -> Pg-Secret-2291", "Pg-Secret-2291"),
        # (a constant's shape is told by its capitals: "db_pass2" is a value)
        ("what's the db password? it's db_pass2", "db_pass2"),
    ],
)
def test_a_password_after_a_secrets_arrow_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- a value in a setting's comment before a long run of signs -------------------------------


@pytest.mark.parametrize("sign", [".", "?", "!", ")"])
def test_a_comments_value_before_a_long_run_of_signs_is_redacted_as_before_a_short_one(
    sign: str,
) -> None:
    # (20,000 signs: read_file redacts a whole line, and this one took 8 s to redact before)
    run = sign * 20_000
    # (a "!" after a value is one more of its signs, hidden with it; the others are the sentence's)
    after = "" if sign == "!" else run
    assert redact(f"PASSWORD=${{PW}} # was Hunter2xyz{run} ok") == (
        f"PASSWORD=${{PW}} # was [REDACTED:assigned-secret]{after} ok"
    )
    # (the signs inside the value, a word after them: all of it is the value)
    assert redact(f"PASSWORD=${{PW}} # Ab1{run}x\n") == (
        "PASSWORD=${PW} # [REDACTED:assigned-secret]\n"
    )
    assert redact(f"api_key: <key> // old Xk9mQ7vL8pR4{run}") == (
        f"api_key: <key> // old [REDACTED:assigned-secret]{after}"
    )


@pytest.mark.parametrize(
    ("start", "sign", "redacted"),
    [
        # (each took 6-13 s to redact with 20,000 signs)
        ("password=Ab1", "!", "password=[REDACTED:assigned-secret] ok"),
        ("the password is Ab1", "!", "the password is [REDACTED:assigned-secret] ok"),
        ("API_KEY=Ab1", "!", "API_KEY=[REDACTED:assigned-secret] ok"),
        ("admin:Ab1", "?", "admin:[REDACTED:login-pair] ok"),
        ('"password": "Ab1', ".", '"password": "[REDACTED:assigned-secret] ok'),
    ],
)
def test_a_value_holding_a_long_run_of_signs_is_redacted_whole(
    start: str, sign: str, redacted: str
) -> None:
    assert redact(f"{start}{sign * 20_000}x ok") == redacted
