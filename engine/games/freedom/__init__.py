"""Freedom!: the third siege of Messolonghi (1825–26), for two players, Empire and Insurgents.

Rules modules: ``setup`` (section 4), ``phases`` (the round), ``phase_prompts`` (its
questions), ``cardplay`` (Actions phase card play), ``action_menu`` (the AP menu), ``ap`` (AP
being spent), ``empire_actions`` and ``insurgent_actions`` (one prompt state per action),
``movement``, ``combat`` (attacks, raids), ``cannon_fire``, ``common`` (shared prompts), ``pieces``
(the only code that moves pieces), ``flow`` (prompt states), ``view`` and ``invariants``.
Cards: ``cards`` and ``events``.
"""

from engine.games.freedom.game import GAME, Freedom

__all__ = ["GAME", "Freedom"]
