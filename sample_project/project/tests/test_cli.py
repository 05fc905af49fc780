import json
from pathlib import Path

from csvstat.cli import main

DATA = Path(__file__).resolve().parent.parent / "data" / "trips.csv"


def test_table_lists_numeric_columns(capsys):
    assert main([str(DATA)]) == 0
    out = capsys.readouterr().out
    assert "distance" in out and "duration" in out
    assert "driver" not in out


def test_json_output(capsys):
    assert main([str(DATA), "--json", "--columns", "distance"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["distance"]["median"] == 9.0


def test_unknown_column_is_an_error(capsys):
    assert main([str(DATA), "--columns", "nope"]) == 2
    assert "no column" in capsys.readouterr().err
