"""The map of Greece loads and matches the rule book's tables."""

from engine.games.epireia.board import (
    CITIES,
    EMPIRE_ORDER,
    EMPIRES,
    INTEGRATION_ORDER,
    SOLO_MOVES,
    TERRITORIES,
    load_map,
)


def test_map_loads_with_six_cities_six_empires_nine_territories() -> None:
    greece = load_map()
    assert len(greece.city) == 6 and len(greece.empire) == 6 and len(greece.territory) == 9
    assert sum(t.sea for t in TERRITORIES.values()) == 3


def test_empire_numbers_and_order_follow_the_rules() -> None:
    assert EMPIRE_ORDER == ["persia", "phoenicia", "egypt", "carthage", "syracuse", "macedonia"]
    table = {"persia": (7, 9), "phoenicia": (5, 7), "egypt": (5, 7), "carthage": (5, 7),
             "syracuse": (7, 9), "macedonia": (5, 7)}
    for empire, (one, two) in table.items():
        assert (EMPIRES[empire].need_one, EMPIRES[empire].need_two) == (one, two)


def test_greek_cities_integration_table_and_order() -> None:
    assert INTEGRATION_ORDER == ["elis", "delphi", "larissa", "corinth", "sparta", "athens"]
    assert all(city.integration == 7 for city in CITIES.values())
    assert CITIES["athens"].token == "hoplites-1" and CITIES["sparta"].token == "hoplites-1"
    assert CITIES["corinth"].token == "triremes-1" and CITIES["elis"].token == "triremes-1"
    assert CITIES["athens"].league == "delian" and CITIES["sparta"].league == "peloponnesian"


def test_solo_table_is_the_rule_books() -> None:
    assert SOLO_MOVES[0] == "epirus" and SOLO_MOVES[4] == "thrakiko-pelagos"
    assert SOLO_MOVES[9:] == ["phoenicia", "egypt", "syracuse"]
