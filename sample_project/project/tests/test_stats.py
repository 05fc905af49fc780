from csvstat.stats import median, parse_number, summarize


def test_median_of_odd_and_even_lengths():
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5


def test_parse_number_skips_blank_text_and_nan():
    assert parse_number(" 2.5 ") == 2.5
    assert parse_number("") is None
    assert parse_number("n/a") is None
    assert parse_number("nan") is None


def test_summarize_counts_skipped_cells():
    s = summarize(["1", "x", "3", ""])
    assert s is not None
    assert (s.count, s.mean, s.median, s.skipped) == (2, 2.0, 2.0, 2)


def test_summarize_of_text_column_is_none():
    assert summarize(["ana", "ben"]) is None
