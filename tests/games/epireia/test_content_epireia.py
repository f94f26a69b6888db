"""Epireia content data: every file loads, is complete and agrees with the rule book and map."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.games.epireia.board import CITIES, EMPIRES, MAP, TERRITORIES, token_label
from engine.games.epireia.content import (
    CITIES as CONTENT_CITIES,
)
from engine.games.epireia.content import (
    CONTENT,
    DATA,
    Content,
    Effect,
    Modifier,
    load_content,
)


def test_everything_loads_again() -> None:
    assert load_content() == CONTENT


def test_thirty_figures_five_per_city() -> None:
    assert len(CONTENT.figures) == 30
    for city in CITIES:
        assert len(CONTENT.figures_of(city)) == 5, city
    assert set(CONTENT_CITIES) == set(CITIES)


@pytest.mark.parametrize(
    ("figure", "city", "attack"),
    [
        ("themistocles", "athens", None),
        ("pericles", "athens", 3),
        ("cleisthenes", "athens", 2),
        ("brasidas", "sparta", 2),
        ("timoleon", "corinth", None),
        ("pheidon", "larissa", None),
        ("heliodorus", "larissa", None),
        ("xenoclea", "delphi", None),
        ("eupolemos", "elis", None),
    ],
)
def test_named_figures_are_as_the_rule_book_says(
    figure: str, city: str, attack: int | None,
) -> None:
    card = CONTENT.figures[figure]
    assert card.city == city
    if attack is not None:
        assert card.attack == attack


def test_heliodorus_has_plus_two_with_every_empire() -> None:
    mods = CONTENT.figures["heliodorus"].modifiers
    assert [(m.kind, m.amount, m.target) for m in mods] == [("empire_roll", 2, "")]


def test_solo_table_figures_belong_to_their_cities() -> None:
    # The rule book's solo movement table names one figure per city.
    table = {"athens": "themistocles", "sparta": "brasidas", "corinth": "timoleon",
             "larissa": "pheidon", "delphi": "xenoclea", "elis": "eupolemos"}
    for city, figure in table.items():
        assert CONTENT.figures[figure].city == city


def test_every_figure_has_a_written_ability_and_a_valid_attack() -> None:
    for card in CONTENT.figures.values():
        assert 1 <= card.attack <= 3
        assert card.ability
        assert card.modifiers or card.on_play


def test_token_supplies_and_costs_follow_the_rule_book() -> None:
    counts = {k: t.count for k, t in CONTENT.tokens.items()}
    assert counts == {"hoplites-1": 14, "hoplites-2": 14, "triremes-1": 6, "triremes-2": 6,
                      "cavalry-1": 6, "cavalry-2": 6}
    assert sum(counts.values()) == 52
    for token in CONTENT.tokens.values():
        cost = token.cost.as_dict()
        assert sum(cost.values()) == (2 if token.level == 1 else 3)
        assert sum(1 for n in cost.values() if n) == 1  # one resource each


def test_level_two_tokens_are_stronger() -> None:
    for unit in ("hoplites", "triremes", "cavalry"):
        assert CONTENT.tokens[f"{unit}-2"].value > CONTENT.tokens[f"{unit}-1"].value


def test_battlefield_has_three_fronts_of_two_rows_and_every_unit_fits_somewhere() -> None:
    assert set(CONTENT.fronts) == {"flank", "centre", "maritime"}
    units = {u for f in CONTENT.fronts.values() for row in f.rows for u in row}
    assert units == {"hoplites", "triremes", "cavalry"}
    assert "triremes" in CONTENT.slot_accepts("maritime", 0)
    assert CONTENT.slot_accepts("centre", 0) == ["hoplites"]


def test_building_families() -> None:
    families: dict[str, list[str]] = {}
    for building in CONTENT.buildings.values():
        families.setdefault(building.family, []).append(building.id)
    assert {k: len(v) for k, v in families.items()} == {
        "military": 3, "religious": 2, "civil": 3, "political": 3, "administrator": 1,
    }
    civil = {CONTENT.buildings[b].modifiers[0].resource for b in families["civil"]}
    assert civil == {"wheat", "wood", "copper"}
    political = {b: CONTENT.buildings[b] for b in families["political"]}
    assert [e.kind for e in political["prytaneion"].effects] == ["recruit"]
    assert [(m.kind, m.amount) for m in political["proxeneion"].modifiers] == [("empire_roll", 2)]
    assert [(m.kind, m.amount) for m in political["synedrion"].modifiers] == [
        ("integration_roll", 2)]
    for religious in families["religious"]:
        assert any(e.kind == "prestige" for e in CONTENT.buildings[religious].effects)


def test_six_administrators() -> None:
    assert set(CONTENT.administrators) == {
        "polemarch", "archon", "priestess", "trapezites", "merchant", "architect"}


def test_nine_scenarios_three_per_act_and_the_olympic_games_card() -> None:
    assert len(CONTENT.scenarios) == 9
    for act in (1, 2, 3):
        assert len(CONTENT.scenarios_of_act(act)) == 3
    olympic = CONTENT.scenarios["olympic-games"]
    assert olympic.act == 1
    assert (olympic.objective.check, olympic.objective.amount) == ("prestige_per_city", 8)
    assert olympic.reward == "cavalry-2"
    assert [(m.kind, m.target) for m in olympic.constraints] == [("forbid", "subjugation")]


def test_scenario_and_augur_targets_exist_on_the_map() -> None:
    effects = [e for s in CONTENT.scenarios.values() for e in s.on_reveal]
    effects += [e for a in CONTENT.augur.values() for e in a.effects]
    for effect in effects:
        for target in effect.targets:
            assert target == "random-land" or target in TERRITORIES
    modifiers = [m for s in CONTENT.scenarios.values() for m in s.constraints]
    modifiers += [m for a in CONTENT.augur.values() for m in a.modifiers]
    modifiers += [m for f in CONTENT.figures.values() for m in f.modifiers]
    for modifier in modifiers:
        if modifier.kind == "empire_roll" and modifier.target:
            assert modifier.target in EMPIRES
        if modifier.kind == "forbid" and modifier.target.startswith("empire:"):
            assert modifier.target[7:] in EMPIRES


def test_solo_scenarios_fit_the_map_and_the_supply() -> None:
    assert len(CONTENT.solo) >= 3
    for solo in CONTENT.solo.values():
        if solo.city:
            assert solo.city not in solo.enemy_cities
            forced = CITIES[solo.city].league
            assert not forced or forced == solo.league
        for city in solo.enemy_cities:
            # Athens is Delian and Sparta Peloponnesian: an enemy city joins the other league.
            forced = CITIES[city].league
            assert not forced or not solo.league or forced != solo.league
        army = [k for columns in solo.enemy_army.values() for col in columns for k in col if k]
        assert len(army) >= 9


def test_augur_deck_covers_the_longest_solo_scenario() -> None:
    assert len(CONTENT.augur) >= max(s.rounds for s in CONTENT.solo.values())


def test_map_solo_table_spaces_are_known() -> None:
    assert set(MAP.solo.moves) <= set(TERRITORIES) | set(EMPIRES)


def test_prestige_track_leaves_room_for_the_olympic_objective() -> None:
    assert CONTENT.prestige.max >= 8
    assert len(CONTENT.prestige.bonus) >= 4


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "income", "amount": 1},  # no resource
        {"kind": "empire_roll", "amount": 0},  # does nothing
        {"kind": "empire_roll", "amount": 2, "target": "atlantis"},
        {"kind": "forbid", "target": "olympia"},
        {"kind": "conflict_attack", "amount": 1, "front": "flank"},
    ],
)
def test_bad_modifiers_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Modifier.model_validate(bad)


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "gain", "amount": 1},
        {"kind": "token"},
        {"kind": "prestige", "amount": 0},
        {"kind": "brigands"},
    ],
)
def test_bad_effects_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        Effect.model_validate(bad)


def test_a_city_with_four_figures_is_refused() -> None:
    data = CONTENT.model_dump()
    del data["figures"]["pericles"]
    with pytest.raises(ValidationError, match="athens has 4 figures"):
        Content.model_validate(data)


def test_an_enemy_army_in_the_wrong_slot_is_refused() -> None:
    data = CONTENT.model_dump(mode="json")
    solo = next(iter(data["solo"]))
    data["solo"][solo]["enemy_army"]["maritime"][0][0] = "cavalry-1"
    with pytest.raises(ValidationError, match="cannot stand in maritime row 0"):
        Content.model_validate(data)


def test_files_are_plain_toml() -> None:
    for name in ("figures", "buildings", "administrators", "prestige", "scenarios", "tokens",
                 "solo", "augur"):
        with (DATA / f"{name}.toml").open("rb") as handle:
            assert tomllib.load(handle)


def test_content_is_read_only() -> None:
    card = CONTENT.figures["heliodorus"]
    with pytest.raises(ValidationError):
        card.attack = 3  # type: ignore[misc]
    assert isinstance(card.modifiers, tuple)
    solo = next(iter(CONTENT.solo.values()))
    assert isinstance(solo.enemy_army["flank"], tuple)
    assert isinstance(solo.enemy_army["flank"][0], tuple)
    assert isinstance(CONTENT.fronts["flank"].rows[1], tuple)
    assert isinstance(CONTENT.augur["brigands"].effects[0].targets, tuple)


def test_the_rules_page_shows_the_content_as_it_is() -> None:
    page = (Path(__file__).parents[3] / "docs" / "games" / "epireia.md").read_text("utf-8")
    assert "## Content" in page and "## Decisions where the rules are silent (content)" in page
    for card in CONTENT.figures.values():
        assert f"| {card.name} | {card.attack} |" in page and card.ability in page, card.id
    for building in CONTENT.buildings.values():
        assert f"| {building.name} |" in page and building.text in page, building.id
    for admin in CONTENT.administrators.values():
        assert admin.text in page, admin.id
    flat = " ".join(page.split())  # a story of several paragraphs is indented in its bullet
    for scenario in CONTENT.scenarios.values():
        story = " ".join(scenario.story.split())
        assert scenario.objective.text in page and story in flat, scenario.id
    for augur in CONTENT.augur.values():
        assert f"| {augur.name} | {augur.text} |" in page, augur.id
    for bonus in CONTENT.prestige.bonus:
        assert f"| {bonus.level} | {bonus.text} |" in page
    for token in CONTENT.tokens.values():
        assert f"| {token.name} | {token.count} |" in page
    for solo in CONTENT.solo.values():
        rounds = (f"**{solo.name}** — standard {solo.difficulty['standard']} rounds, hard "
                  f"{solo.difficulty['hard']} (revision 1: {solo.rounds});")
        assert rounds in page, solo.id
        block = page.split(f"**{solo.name}** — ", 1)[1].split("\n**", 1)[0]
        assert "Objectives: " + " ".join(o.text for o in solo.objectives) in block, solo.id
        for front, columns in solo.enemy_army.items():
            cells = [" / ".join(token_label(k) if k else "—" for k in column)
                     for column in columns]
            row = f"| {CONTENT.fronts[front].name} | " + " | ".join(cells) + " |"
            assert row in block, (solo.id, front)


def test_the_olympic_games_card_tells_the_whole_translated_story() -> None:
    """The printed card's story (the rule book's French), translated in full: Pindar's
    invocation, the truce, the oath, the contests, and the Aspiration."""
    story = CONTENT.scenarios["olympic-games"].story
    assert story.startswith("“Muse, tell me who were the first")
    assert "— Pindar, Olympian Odes, X" in story
    for passage in ("proclaim the Olympic truce", "second full moon after the summer solstice",
                    "trained for ten months", "30 km from Elis", "the pankration",
                    "Are you ready to face the other cities?", "Aspiration:"):
        assert passage in story, passage
