"""``memory/.autodream`` at mode 555 (a read-only copy, a teammate's checkout): an undo or a
dream refuses before its commit, memory as it was, instead of committing and then failing on
what it saves there afterwards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.test_cli_dream import dream, sample  # noqa: F401  (fixture)
from tests.test_cli_walk import _can_drop_root_powers, _say, _without_root_powers
from tests.test_state_dir_links import _memory_files


@pytest.mark.parametrize("command", [["undo"], ["--force"]])
def test_a_read_only_state_dir_is_said_before_the_commit(
        sample: Path, tmp_path: Path, command: list[str]) -> None:  # noqa: F811
    """Was (undo): memory put back as before the dream, then 'Error: cannot use
    .offsets.json.offsets.tmp: Permission denied' (exit 1): a failed command had changed
    memory, the undo recorded nowhere. (A dream committed, then failed on DREAMS.md.)"""
    as_root = _can_drop_root_powers(tmp_path)
    if os.geteuid() == 0 and not as_root:
        pytest.skip("root writes a dir whatever its mode, and setpriv cannot drop that here")
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    if command == ["--force"]:  # a new session for the dream to read
        sessions = sorted((sample / "sessions").glob("*.jsonl"))
        os.utime(sessions[0])
        (sample / "sessions" / "extra.jsonl").write_bytes(sessions[0].read_bytes())
    before = _memory_files(memory)
    state.chmod(0o555)
    try:
        code, out, err = (_without_root_powers if as_root else _say)(sample, command)
    finally:
        state.chmod(0o755)
    assert code == 1, out + err
    assert err.splitlines() == [
        f"Error: cannot write the state dir {state}: Permission denied; a dream or an undo keeps "
        f"its run record, the read positions and DREAMS.md there: make it writable (chmod u+w "
        f"{state}) or run as its owner"]
    assert _memory_files(memory) == before
    # made writable, the same command goes through
    code, out, err = _say(sample, command)
    assert code == 0, out + err
    if command == ["undo"]:
        assert _memory_files(memory) != before
