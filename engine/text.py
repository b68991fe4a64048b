"""Card text generated from ability data, in English and Japanese (so text and behaviour cannot drift)."""
from __future__ import annotations

from typing import Any

from .abilities import CONDITIONS, CONTINUOUS, COSTS, TRIGGERS, VERBS, Ability

KIND_EN = {"auto": "[AUTO]", "act": "[ACT]", "cont": "[CONT]", "play": ""}
KIND_JA = {"auto": "【自】", "act": "【起】", "cont": "【永】", "play": ""}
KEYWORD_EN = {"brave": "Brave", "serious": "Serious", "vigilance": "Vigilance", "breakthrough": "Breakthrough",
              "retaliate": "Retaliate", "interrupt": "Interrupt", "taunt": "Taunt", "stealth": "Stealth",
              "assault": "Assault", "nocturnal": "Nocturnal"}
KEYWORD_JA = {"brave": "勇敢", "serious": "まじめ", "vigilance": "警戒", "breakthrough": "突破", "retaliate": "相打ち",
              "interrupt": "妨害", "taunt": "挑発", "stealth": "隠密", "assault": "襲撃", "nocturnal": "夜行性"}


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def steps_text(steps: Any, lang: str) -> str:
    """Effect steps joined into one sentence."""
    parts = []
    one = None   # whether the last choice was of exactly one card ("it") or possibly more ("them")
    for s in steps:
        entry = VERBS[s["do"]]
        if s["do"] == "choose":
            one = s.get("count", 1) == 1 and not s.get("all")
        t = (entry.ja if lang == "ja" else entry.en)(s if one is None else {**s, "_one": one})
        if s.get("if") is not None:
            c = CONDITIONS[s["if"]["is"]]
            t = (f"{c.ja(s['if'])}なら、{t}" if lang == "ja" else f"if {c.en(s['if'])}, {t}")
        if t:
            parts.append(t)
    if lang == "ja":
        return "、".join(parts)
    return ", ".join(parts)


def cost_text(alt: tuple, lang: str) -> str:
    souls = [p for p in alt if p["do"] == "souls"]
    rest = [p for p in alt if p["do"] != "souls"]
    out = []
    circled = "①②③④⑤⑥⑦⑧⑨⑩"
    for p in souls:
        n = p.get("count", 1)
        out.append(circled[n - 1] if 1 <= n <= 10 else f"({n})")
    for p in rest:
        e = COSTS[p["do"]]
        out.append((e.ja if lang == "ja" else e.en)(p))
    text = ("、" if lang == "ja" else ", ").join(out)
    return f"[{_cap(text) if lang != 'ja' else text}]"


def ability_text(ab: Ability, lang: str = "en") -> str:
    """One ability as a player would read it on the card, with keyword reminders."""
    ja = lang == "ja"
    head = (KIND_JA if ja else KIND_EN)[ab.kind]
    if ab.keyword:
        name = (KEYWORD_JA if ja else KEYWORD_EN)[ab.keyword]
        if ab.value is not None:
            name = f"{name} {ab.value}" if not ja else f"{name}{ab.value}"
        reminder = body_text(ab, lang, keyword_reminder=True)
        return f"{head}{' ' if not ja else ''}{name}（{reminder}）" if ja else f"{head} {name} ({reminder})"
    return (head + ("" if ja else " ") + body_text(ab, lang)).strip()


def body_text(ab: Ability, lang: str, keyword_reminder: bool = False) -> str:
    ja = lang == "ja"
    bits = []
    if ab.zone == "hand" and ab.kind != "play":
        bits.append("手札から" if ja else "From hand —")
    if ab.quick:
        bits.append("【クイック】" if ja else "Quick —")
    if ab.once_per_turn:
        bits.append("【ターン１回】" if ja else "Once per turn —")
    if ab.trigger is not None:
        t = TRIGGERS[ab.trigger["on"]]
        head_t = (t.ja if ja else t.en)(ab.trigger)
        bits.append(head_t + (("" if head_t.endswith("】") else "、") if ja else ":"))
    if ab.costs:
        costs = [cost_text(alt, lang) for alt in ab.costs]
        bits.append((" または " if ja else " OR ").join(costs))
    if ab.kind == "cont":
        body = []
        for d in ab.effect:
            e = CONTINUOUS[d["do"]]
            body.append((e.ja if ja else e.en)(d))
        text = ("、".join(body) if ja else "; ".join(body))
        if ab.condition is not None:
            c = CONDITIONS[ab.condition["is"]]
            text = f"{c.ja(ab.condition)}なら、{text}" if ja else f"if {c.en(ab.condition)}, {text}"
    else:
        text = steps_text(ab.effect, lang)
    bits.append((text + "。") if ja else (_cap(text) + "."))
    reminder = ab.raw.get("reminder")
    if reminder and not keyword_reminder:
        bits.append(f"（{reminder['ja']}）" if ja else f"({reminder['en']})")
    return ("" if ja else " ").join(b for b in bits if b)


def card_text(defn: Any, lang: str = "en") -> str:
    """All abilities of a card, one per line."""
    return "\n".join(ab.text(lang) for ab in defn.abilities)
