"""The automatic player's deals: answering peace offers and sales, bribing rebels of its own
land, and its sealed bids for rebels. Reads the state, never changes it.

* Its peace offers: each keeps what he occupies, with a sum that makes it worth the
  other's while (5 a province it gains more) when it can spare it.
* A peace: accepted when it keeps at least as many provinces as it gives (a province
  counted as 5 currency, its own capital given back as 3 provinces), the sum included.
* A sale: food when its next count falls short, at most 3 a food it lacks; fruits (with a
  port to send expeditions from) at most 3 each and free roads at most 2 each, keeping a
  reserve.
* Rebels: on its turn it bribes the rebels holding its own land when it can spare the
  price; it bids up to the price and 1 a rebel soldier more for its own land, the price for
  land next to its own, and nothing for the rest.
"""

from __future__ import annotations

from engine.core.flow import Frame
from engine.games.sixcontinents.army_prompts import counts
from engine.games.sixcontinents.board import ADJACENT
from engine.games.sixcontinents.content import food_needed
from engine.games.sixcontinents.diplomacy import ceded, frame_terms
from engine.games.sixcontinents.economy import food_lines
from engine.games.sixcontinents.fishing import ports
from engine.games.sixcontinents.realm import capital_of, held, soldiers, units_in
from engine.games.sixcontinents.rebel_auction import bid_amounts
from engine.games.sixcontinents.revolts import bribable, bribe_cost
from engine.games.sixcontinents.sales import sale_of
from engine.games.sixcontinents.state import REBELS, SixState

RESERVE = 4  # currency kept back, as ai.py's
PROVINCE_WORTH = 5  # currency a province held for good is worth to it in a peace
CAPITAL_WORTH = 3  # provinces its own capital given back is worth
PRICE_LIMIT = {"food": 3, "fruit": 3, "road": 2}


def peace_worth(state: SixState, role: str, frame: Frame) -> int:
    """What the peace offered in ``frame`` is worth to ``role`` (provinces, then currency:
    over 0 is a gain)."""
    offer = str(frame.data["offer"])
    terms, payer, amount = frame_terms(frame)
    gains = ceded(state, offer, role, terms)
    mine = sum(CAPITAL_WORTH if capital_of(state, p) == role else 1 for p in gains[role])
    worth = PROVINCE_WORTH * (mine - len(gains[offer]))
    return worth + (amount if payer == offer else -amount if payer == role else 0)


def wants_sale(state: SixState, role: str, frame: Frame) -> bool:
    _, what, count, price = sale_of(frame)
    spare = state.realms[role].currency - price
    if what == "food":
        coming = sum(a for _, a in food_lines(state, role))
        short = food_needed(len(held(state, role))) - coming
        return short > 0 and price <= PRICE_LIMIT["food"] * min(count, short) and spare >= 0
    if what == "fruit" and not ports(state, role):
        return False
    return price <= PRICE_LIMIT[what] * count and spare >= RESERVE


def rebel_limit(state: SixState, role: str, province: str) -> int:
    """The most ``role`` would pay for the rebels of ``province`` (0: it does not want
    them)."""
    price = bribe_cost(state, province)
    land = state.provinces[province]
    spare = state.realms[role].currency - RESERVE
    if land.owner == role:
        rebels = soldiers([u for u in units_in(state, province) if u.owner == REBELS])
        return min(spare, price + rebels)
    if any(p in ADJACENT[province] for p in held(state, role)):
        return price if price <= spare else 0
    return 0


def bribe_target(state: SixState, role: str) -> str | None:
    """Rebels on its own land it can spare the price of."""
    for province in bribable(state, role):
        if state.provinces[province].owner == role and \
                bribe_cost(state, province) <= rebel_limit(state, role, province):
            return province
    return None


def compensation(state: SixState, role: str, other: str) -> int:
    """What ``role`` pays ``other`` for a peace where each keeps what he occupies: the
    provinces it gains more than it gives, at what the other counts them (0: none)."""
    gains = ceded(state, role, other)
    return max(0, PROVINCE_WORTH * (len(gains[role]) - len(gains[other])))


def compensating(state: SixState, role: str, other: str) -> int:
    """The sum it offers with its peace: the compensation, rounded up to an amount the
    prompt offers, if it can spare it (0: none, or more than it can spare)."""
    need = compensation(state, role, other)
    if not need:
        return 0
    have = state.realms[role].currency
    amount = next((n for n in counts(have) if n >= need), 0)
    return amount if amount and amount <= have - RESERVE else 0


def draft_choice(state: SixState, role: str, ids: set[str], frame: Frame) -> str:
    """Its own offer: each keeps what he occupies, with a compensation when it gains more
    and can spare it."""
    other = str(frame.data["other"])
    _, payer, amount = frame_terms(frame)
    wanted = compensating(state, role, other)
    if payer == role and amount == wanted and "send" in ids:
        return "send"
    if wanted and "sum" in ids and not payer:
        return "sum"
    return "keep" if "keep" in ids else "back"


def sum_choice(state: SixState, role: str, ids: set[str], frame: Frame) -> str:
    wanted = compensating(state, role, str(frame.data["other"]))
    for step in (f"payer:{role}", f"amount:{wanted}"):
        if step in ids:
            return step
    return "back"


def deal_answer(state: SixState, name: str, role: str, ids: set[str],
                frame: Frame) -> str | None:
    """Its answer to a deal's question, or None when ``name`` is not one."""
    if name == "peace":
        return "accept" if "accept" in ids and peace_worth(state, role, frame) >= 0 \
            else "refuse"
    if name == "peace_draft":
        return draft_choice(state, role, ids, frame)
    if name == "peace_sum":
        return sum_choice(state, role, ids, frame)
    if name == "sale_answer":
        return "accept" if "accept" in ids and wants_sale(state, role, frame) else "refuse"
    if name == "rebel_bid":
        auction = state.rebel_auction
        amounts = bid_amounts(state, role)
        if auction is None or not amounts:
            return None
        limit = rebel_limit(state, role, auction.province)
        fitting = [b for b in amounts if b <= limit]
        return f"bid:{max(fitting) if fitting else amounts[0]}"
    if name == "bribe":
        target = bribe_target(state, role)
        wanted = f"province:{target}"
        return wanted if wanted in ids else "back"
    if name == "sale":
        return "back"
    return None


def deal_menu_action(state: SixState, role: str, ids: set[str]) -> str | None:
    if "bribe" in ids and bribe_target(state, role) is not None:
        return "bribe"
    return None
