"""What Epireia's content does: figure abilities, buildings, administrators, the prestige track,
scenario objectives / constraints / rewards, Augur cards and the powers of military tokens.

The rules modules call the hook functions listed in ``state.py``'s docstring at the moment the
rule book names; every hook returns the base behaviour when no content applies. The content
itself is data (``content.py``): a lasting :class:`~engine.games.epireia.content.Modifier` is
read where it matters (``modifiers``: where they come from), a one-off
:class:`~engine.games.epireia.content.Effect` is performed by ``effects.apply_effects``.

- ``modifiers``: the modifiers in force for a City or a figure, the moves they forbid, and
  their words for the view;
- ``powers``: what figures and tokens bring to rolls and fights;
- ``economy``: costs, production, income, the administrator options a City can afford;
- ``effects``: the one-off effects, and the hooks that perform them;
- ``objectives``: scenario and solo objectives and rewards.

Hooks beyond the list in ``state.py``: ``brigand_bonus`` (add it to the combined attack
before reading the Brigand threshold), ``can_produce``, ``development_actions``,
``play_figure`` (a figure card comes into play), ``recruit_candidates``. This face names every
function the rules, views and automatic players call; the modules hold them.
"""

from engine.games.epireia.abilities.economy import (
    administrator_options,
    building_cost,
    building_cost_under,
    can_pay,
    can_produce,
    income,
    military_building,
    production_blocked,
    token_cost,
    token_cost_under,
)
from engine.games.epireia.abilities.effects import (
    apply_effects,
    augur_reveal,
    development_actions,
    gain_prestige,
    on_construct,
    on_donate,
    on_prestige,
    place_brigands,
    play_figure,
    recruit_candidates,
    recruit_figure,
    resolve_choice,
    start_scenario,
    use_administrator,
)
from engine.games.epireia.abilities.modifiers import (
    active_effects,
    add_turn_modifiers,
    city_modifiers,
    forbidden_moves,
    modifier_text,
    move_blocked,
    move_forbidden,
    turn_key,
    turn_modifiers,
)
from engine.games.epireia.abilities.objectives import (
    complete_solo_objectives,
    grant_reward,
    objective_count,
    objective_holds,
    objective_met,
    roles_meeting_objective,
    solo_objectives_met,
)
from engine.games.epireia.abilities.powers import (
    brigand_bonus,
    conflict_bonus,
    empire_bonus,
    figure_attack,
    figure_card,
    figure_has_sea,
    integration_bonus,
    token_power,
)

__all__ = [
    "active_effects", "add_turn_modifiers", "administrator_options", "apply_effects",
    "augur_reveal", "brigand_bonus", "building_cost", "building_cost_under", "can_pay",
    "can_produce", "city_modifiers", "complete_solo_objectives", "conflict_bonus",
    "development_actions", "empire_bonus", "figure_attack", "figure_card", "figure_has_sea",
    "forbidden_moves", "gain_prestige", "grant_reward", "income", "integration_bonus",
    "military_building", "modifier_text", "move_blocked", "move_forbidden", "objective_count",
    "objective_holds", "objective_met", "on_construct", "on_donate", "on_prestige",
    "place_brigands", "play_figure", "production_blocked", "recruit_candidates",
    "recruit_figure", "resolve_choice", "roles_meeting_objective", "solo_objectives_met",
    "start_scenario", "token_cost", "token_cost_under", "token_power", "turn_key",
    "turn_modifiers", "use_administrator",
]
