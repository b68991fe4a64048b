"""How English card text puts its phrases together: clauses, costs, the ability's header and its sentence."""
from __future__ import annotations

KIND = {"auto": "AUTO", "act": "ACT", "cont": "CONT", "play": ""}
FROM_HAND, QUICK, ONCE_PER_TURN = "From hand", "Quick", "Once per turn"
CONT_SUBJECT, CONT_SEP = "this card gets ", " and "   # continuous effects of one card: the subject said once


def cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def join(parts: list[str], top: bool) -> str:
    """Steps as one clause ("..., then ..."), or each its own sentence (``top``: the body of an ability)."""
    if top:
        return ". ".join(cap(p) for p in parts)
    out = ""
    for i, p in enumerate(parts):
        if not i and p.startswith("X is "):
            p = "with X as " + p.removeprefix("X is ")   # "if it is night, with X as that Pal's cost, ..."
        sep = "" if not i else "; " if p.startswith("X is") else ", then " if i == len(parts) - 1 else ", "
        out += sep + p
    return out


def conditional(cond: str, text: str) -> str:
    return f"if {cond}, {text}"


def lasting(cond: str, text: str) -> str:
    """A continuous effect that holds while a condition does."""
    return f"while {cond}, {text}"


def trigger(text: str) -> str:
    return text


def cost(parts: list[str]) -> str:
    """One way to pay, its parts joined."""
    return " + ".join(parts)


def costs(alternatives: list[str]) -> str:
    return "Cost: " + ", or ".join(alternatives)


def keyword(head: str, name: str, value: object, reminder: str) -> str:
    """A keyword ability: its kind, its name (and number) and the reminder of what it does."""
    if value is not None:
        name = f"{name} {value}"
    return f"{head} · {name} ({reminder})"


def ability(head: str, body: str) -> str:
    return f"{head} · {body}" if head else body


def body(bits: list[str], text: str, reminder: dict | None, keyword_reminder: bool) -> str:
    """The header items (zone, Quick, once per turn, trigger, cost) and the effect, as one sentence or more."""
    head = " · ".join(bits)
    if keyword_reminder:
        head = head[:1].lower() + head[1:]
        text = text[:1].lower() + text[1:]
        return f"{head} — {text}" if head else text
    out = (f"{head} — " if head else "") + cap(text) + "."
    if reminder:
        out += f" ({reminder['en']})"
    return out
