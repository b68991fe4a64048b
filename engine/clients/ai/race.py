"""The race between two bases, in numbers the heuristics can weigh: what life is worth when it runs short, what
a block costs, and how a defender best spreads its blockers over the attacks still to come this turn.

Everything here reads card dicts of a view (power, damage, strike, keywords) and nothing else."""
from __future__ import annotations

from .evaluation import card_value, hp, life_point_worth, pal_value

LETHAL = 20000.0        # the worth of not losing the game this turn, in the units of ``pal_value``


def strike_of(c: dict) -> int:
    return max(c.get("strike") or 0, 0)


def keywords_of(c: dict) -> set:
    return set(c.get("keywords") or ())


def life_cost(life: int, damage: float) -> float:
    """What losing ``damage`` life from ``life`` costs: each point is worth more as life runs short (see
    ``life_point_worth``), and reaching 0 loses the game."""
    row = _ROWS.get(life) or _new_row(life)
    out = row.get(damage)
    return _life_cost_into(row, life, damage) if out is None else out


# Memoised per life then damage: a pure function of few distinct arguments, asked tens of times per rollout
# decision (one lookup of the row per distribution instead of a key tuple per point of it).
_ROWS: dict[int, dict[float, float]] = {}


def _new_row(life: int) -> dict[float, float]:
    if len(_ROWS) > 256:
        _ROWS.clear()
    row: dict[float, float] = {}
    _ROWS[life] = row
    return row


def _life_cost_into(row: dict[float, float], life: int, damage: float) -> float:
    out = row[damage] = _life_cost(life, damage)
    return out


def _life_cost(life: int, damage: float) -> float:
    if damage <= 0:
        return 0.0
    if damage >= life:
        return LETHAL + sum(life_point_worth(max(life - k, 1)) for k in range(int(life)))
    whole = int(damage)
    cost = sum(life_point_worth(life - k) for k in range(whole))
    return cost + (damage - whole) * life_point_worth(max(life - whole, 1))


def clash(blocker: dict, attacker: dict) -> tuple[bool, bool, int]:
    """A block of ``attacker`` by ``blocker``: (the blocker dies, the attacker dies, damage that still reaches
    the blocker's player by Breakthrough)."""
    b_dies = max(attacker.get("power") or 0, 0) >= hp(blocker)
    a_dies = (max(blocker.get("power") or 0, 0) >= hp(attacker)
              or (b_dies and "retaliate" in (blocker.get("keywords") or ())))
    through = strike_of(attacker) if b_dies and "breakthrough" in (attacker.get("keywords") or ()) else 0
    return b_dies, a_dies, through


def block_cost(blocker: dict, attacker: dict) -> tuple[float, int]:
    """(worth lost minus worth destroyed, damage that still reaches me) of blocking ``attacker`` with ``blocker``."""
    b_dies, a_dies, through = clash(blocker, attacker)
    return (pal_value(blocker) if b_dies else 0.0) - (pal_value(attacker) if a_dies else 0.0), through


def attack_loss(attacker: dict, target: dict | None, life: int) -> float:
    """What an attack costs its defender if nothing stops it: the life it takes (all of it: the game) when it
    aims at the player (``target`` None, ``life`` theirs), else the card it destroys."""
    if target is None:
        strike = strike_of(attacker)
        return strike * life_point_worth(life) + (10000 if strike >= life else 0)
    return card_value(target) if hp(target) <= max(attacker.get("power") or 0, 0) else 0.0


def lucky_rate(lucky_left: int, deck: int) -> float:
    """The chance that one card of the damage check is a Lucky Pal."""
    return min(max(lucky_left, 0) / deck, 1.0) if deck > 0 else 0.0


def add_hit(odds: dict[float, float], strike: int, q: float) -> dict[float, float]:
    """The damage distribution after one more hit of ``strike``: it lands unless one of the ``strike`` cards of
    its damage check is a Lucky Pal (each with chance ``q``), which cancels all of it."""
    if strike <= 0:
        return odds
    lands = (1 - q) ** strike
    out: dict[float, float] = {}
    misses = 1 - lands
    for d, p in odds.items():   # ``in`` and subscripts, not dict.get: a method call is dearer in WebAssembly
        hit = d + strike
        out[hit] = out[hit] + p * lands if hit in out else p * lands
        out[d] = out[d] + p * misses if d in out else p * misses
    return out


def expected_life_cost(life: int, odds: dict[float, float]) -> float:
    row = _ROWS.get(life) or _new_row(life)
    # a list, not a generator, and the row read in line: calls and generators are dearer in WebAssembly
    return sum([p * (row[d] if d in row else _life_cost_into(row, life, d)) for d, p in odds.items()])


def defend(life: int, attackers: list[dict], blockers: list[dict], q: float = 0.0,
           odds: dict[float, float] | None = None) -> tuple[float, dict[float, float]]:
    """The defender's best guess of how the rest of a turn's attacks go: the attacks come biggest Strike first;
    each is blocked by the blocker that costs least, when that costs less than the life the hit would take
    (a hit may be cancelled by a Lucky Pal: ``q``). Returns (worth lost in blocks, the damage distribution,
    starting from ``odds``)."""
    odds = dict(odds or {0: 1.0})
    spent = 0.0
    free = list(blockers)
    now = expected_life_cost(life, odds)
    for a in sorted(attackers, key=lambda c: (-strike_of(c), -(c.get("power") or 0))):
        taken = add_hit(odds, strike_of(a), q)
        cost_taken = expected_life_cost(life, taken)
        take = cost_taken - now
        best = None
        if "stealth" not in (a.get("keywords") or ()):
            for b in free:
                cost, through = block_cost(b, a)
                if through > 0:
                    after = add_hit(odds, through, q)
                    cost_after = expected_life_cost(life, after)
                else:   # nothing through: the distribution and its cost (``now``) are unchanged
                    after, cost_after = odds, now
                total = cost + cost_after - now
                if best is None or total < best[0]:
                    best = (total, cost, after, b, cost_after)
        if best is not None and best[0] < take:
            spent += best[1]
            odds = best[2]
            free.remove(best[3])
            now = best[4]
        else:
            odds = taken
            now = cost_taken
    return spent, odds


def defence_cost(life: int, attackers: list[dict], blockers: list[dict], q: float = 0.0,
                 odds: dict[float, float] | None = None) -> float:
    """The whole expected cost (blocks and life) of the rest of a turn's attacks, defended as ``defend`` plans."""
    spent, odds = defend(life, attackers, blockers, q, odds)
    return spent + expected_life_cost(life, odds)
