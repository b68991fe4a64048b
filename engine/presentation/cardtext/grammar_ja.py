"""How Japanese card text puts its phrases together: clauses, costs, the ability's header and its sentence."""
from __future__ import annotations

KIND = {"auto": "【自】", "act": "【起】", "cont": "【永】", "play": ""}
FROM_HAND, QUICK, ONCE_PER_TURN = "手札から", "【クイック】", "【ターン１回】"
CONT_SUBJECT, CONT_SEP = "このカードは", "、"   # continuous effects of one card: the subject said once
# clause-ending forms after which the text goes on with "、" rather than starting a new sentence
RUN_ON = ("び", "し", "て", "ず", "り", "で")


def join(parts: list[str], top: bool) -> str:
    """Steps as one clause, or as sentences (``top``: the body of an ability) where a clause ends."""
    out = ""
    for p in parts:
        out += p if not out else (("、" if out.endswith(RUN_ON) or not top else "。") + p)
    return out[:-1] + "する" if out.endswith("とし") else out   # a definition of X said last


def conditional(cond: str, text: str) -> str:
    return f"{cond}なら、{text}"


def lasting(cond: str, text: str) -> str:
    """A continuous effect that holds while a condition does."""
    return f"{cond}の間、{text}"


def trigger(text: str) -> str:
    return text + ("" if text.endswith("】") else "、")


def cost(parts: list[str]) -> str:
    """One way to pay, its parts joined."""
    return "〔" + "＋".join(parts) + "〕"


def costs(alternatives: list[str]) -> str:
    return "か".join(alternatives)


def keyword(head: str, name: str, value: object, reminder: str) -> str:
    """A keyword ability: its kind, its name (and number) and the reminder of what it does."""
    if value is not None:
        name = f"{name}{value}"
    return f"{head}{name}（{reminder}）"


def ability(head: str, body: str) -> str:
    return head + body


def body(bits: list[str], text: str, reminder: dict | None, keyword_reminder: bool) -> str:
    """The header items (zone, Quick, once per turn, trigger, cost) and the effect, as one sentence or more."""
    out = "".join(bits) + text + ("" if keyword_reminder else "。")
    if reminder and not keyword_reminder:
        out += f"（{reminder['ja']}）"
    return out
