"""Numbers as articles write them (reviewer/numbers.py): the cases the mutation run's survivors showed unpinned
(docs/mutation-survivors.md)."""

from __future__ import annotations

from reviewer.numbers import format_number, parse_number


def test_a_number_without_a_leading_zero_is_read_as_a_decimal():
    assert parse_number(".5", "en") == (0.5, 0.05)


def test_a_number_of_a_hundred_or_more_keeps_one_decimal_when_it_has_more_than_three():
    assert format_number(123.45678, "en") == "123.5"
    assert format_number(100.12345, "en") == "100.1"


def test_a_number_below_a_hundred_keeps_three_decimals_when_it_has_more():
    assert format_number(99.12345, "en") == "99.123"


def test_german_drops_the_group_mark_below_ten_thousand_only():
    assert format_number(9999, "de") == "9999"
    assert format_number(10000, "de") == "10.000"
    assert format_number(10000, "en") == "10,000"


def test_zero_and_negative_zero_are_written_apart():
    assert format_number(0.0, "en") == "0"
    assert format_number(-0.0, "en") == "-0"


def test_zero_with_digits_asked_for_keeps_them():
    assert format_number(0.0, "en", 2) == "0.00"
    assert format_number(0, "de", 1) == "0,0"


def test_a_space_groups_thousands():
    assert parse_number("1 600", "de") == (1600.0, 0.5)
    assert parse_number("20\u202f736", "en") == (20736.0, 0.5)


def test_two_group_marks_group_thousands_in_either_language():
    assert parse_number("1,234,567", "en") == (1234567.0, 0.5)
    assert parse_number("1.234.567", "de") == (1234567.0, 0.5)


def test_a_mark_after_four_digits_is_a_decimal_mark_even_before_three_digits():
    assert parse_number("1234.567", "de") == (1234.567, 0.0005)
    assert parse_number("1234,567", "en") == (1234.567, 0.0005)


def test_both_marks_on_both_sides_of_the_other_read_the_last_as_the_decimal_mark():
    # "1,234.567,8": the last mark is a comma, and the dots before it group
    assert parse_number("1.234.567,8", "en") == (1234567.8, 0.05)
    assert parse_number("1,234,567.8", "de") == (1234567.8, 0.05)


def test_a_figure_with_mixed_group_marks_does_not_stop_the_review():
    # "1.234,567.8" (which _NUM admits): the last mark is the decimal one, as when each mark is used once
    from reviewer.quantities import find_quantities

    assert [q.unit for q in find_quantities("The chip has 1.234,567.8 GB of memory.", "en")] == ["gigabyte"]
