"""Plain-words narration of log events in English and Japanese, naming the rule or ability behind each."""
from __future__ import annotations

from typing import Any

from ..model.abilities import RENDER
from ..model.carddb import CARDS


def _name(number: Any, lang: str) -> str:
    if not number:
        return "?"
    try:
        return CARDS[number].full_name_in(lang)
    except KeyError:
        return str(number)


def _p(i: Any, lang: str) -> str:
    if i is None:
        return "-"
    return f"プレイヤー{i + 1}" if lang == "ja" else f"Player {i + 1}"


EN = {
    "first_player": lambda d, n, p: f"{p(d['player'])} goes first.",
    "soul_gain": lambda d, n, p: f"{p(d['player'])} gains {d['count']} soul(s)" + (" (rested)." if d.get("rested") else "."),
    "draw": lambda d, n, p: f"{p(d['player'])} draws {d['count']} card(s).",
    "redraw": lambda d, n, p: f"{p(d['player'])} redraws their opening hand.",
    "turn_start": lambda d, n, p: f"Turn {d['turn']}: {p(d['player'])}'s turn begins.",
    "play": lambda d, n, p: f"{p(d['player'])} plays {n(d['number'])} (cost {d['cost']}).",
    "deploy": lambda d, n, p: f"{n(d['number'])} is deployed to {p(d['player'])}'s base.",
    "attack": lambda d, n, p: f"{n(d['number'])} attacks " + (p(1 - d['player']) if d['target'] is None
                                                              else n(d['target_number'])) + ".",
    "block": lambda d, n, p: f"{n(d['number'])} blocks.",
    "damage": lambda d, n, p: f"{n(d['number'])} takes {d['amount']} damage.",
    "destroyed": lambda d, n, p: f"{n(d['number'])} is destroyed (damage ≥ power).",
    "damage_check_start": lambda d, n, p: f"{p(d['player'])} takes {d['amount']} damage: damage check.",
    "damage_check_card": lambda d, n, p: f"Damage check {d['index']}/{d['amount']}: {n(d['number'])}"
    + (" — Lucky Pal!" if d["lucky"] else "."),
    "damage_cancelled": lambda d, n, p: f"A Lucky Pal cancels the damage to {p(d['player'])}.",
    "life_lost": lambda d, n, p: f"{p(d['player'])} loses {d['amount']} life (now {d['life']}).",
    "life_gained": lambda d, n, p: f"{p(d['player'])} gains life (now {d['life']}).",
    "activate": lambda d, n, p: f"{p(d['player'])} activates an ability of {n(d['number'])}.",
    "ability": lambda d, n, p: f"{n(d['number'])}'s automatic ability resolves.",
    "nullified": lambda d, n, p: "The attack is nullified.",
    "souldraw": lambda d, n, p: f"{p(d['player'])} rests 3 souls to draw 1 card.",
    "pal_limit": lambda d, n, p: f"{n(d['number'])} goes to the graveyard (over the 5-Pal limit).",
    "to_graveyard": lambda d, n, p: f"{n(d['number'])} is put into the graveyard.",
    "game_over": lambda d, n, p: ("The game is a draw." if d["winner"] is None else f"{p(d['winner'])} wins ({d['reason']})."),
    "assign": lambda d, n, p: f"{n(d['number'])} is assigned to {n(d['structure_number'])}.",
    "gain": lambda d, n, p: f"{p(d['player'])} gets {d['count']} {d['counter'].title()}.",
    "consume": lambda d, n, p: f"{p(d['player'])} consumes {d['count']} {d['counter'].title()}.",
    "night": lambda d, n, p: "It becomes night.",
    "butcher": lambda d, n, p: f"{n(d['number'])} is butchered.",
    "strike": lambda d, n, p: f"Strike {d['amount']} to {p(d['player'])}.",
    "battle_end": lambda d, n, p: "The battle ends.",
    "move": lambda d, n, p: (f"{n(d['number'])} moves from {d['frm']} to {d['to']}." if "number" in d
                             else f"{p(d['player'])} moves a card from {d['frm']} to {d['to']}."),
    "look": lambda d, n, p: (f"{p(d['player'])} looks at " + ", ".join(n(x) for x in d["numbers"]) + "."
                             if "numbers" in d else f"{p(d['player'])} looks at the top of their deck."),
    "reveal": lambda d, n, p: f"{p(d['player'])} reveals " + ", ".join(n(x) for x in d.get("numbers", [])) + ".",
    "rest": lambda d, n, p: f"{n(d['number'])} rests.",
    "stand": lambda d, n, p: f"{n(d['number'])} stands.",
    "power": lambda d, n, p: f"{n(d['number'])} gets Power{d['amount']:+d}.",
    "strike_change": lambda d, n, p: f"{n(d['number'])} gets Strike{d['amount']:+d}.",
    "exiled": lambda d, n, p: f"{n(d['number'])} is exiled.",
    "shuffle": lambda d, n, p: f"{p(d['player'])} shuffles their deck.",
    "pay_souls": lambda d, n, p: f"{p(d['player'])} rests {d['count']} soul(s) to pay.",
    "souls_stood": lambda d, n, p: f"{p(d['player'])} stands {d['count']} soul(s).",
    "quick_step": lambda d, n, p: f"Quick step: {p(d['player'])} may respond.",
    "no_battle_opponent": lambda d, n, p: "The target has left: no battle damage.",
    "leave_base": lambda d, n, p: f"{n(d['number'])} leaves the base.",
}
JA = {
    "first_player": lambda d, n, p: f"{p(d['player'])}が先攻。",
    "soul_gain": lambda d, n, p: f"{p(d['player'])}のソウルが{d['count']}枚増える。",
    "draw": lambda d, n, p: f"{p(d['player'])}が{d['count']}枚引く。",
    "redraw": lambda d, n, p: f"{p(d['player'])}が引き直す。",
    "turn_start": lambda d, n, p: f"ターン{d['turn']}：{p(d['player'])}のターン。",
    "play": lambda d, n, p: f"{p(d['player'])}が{n(d['number'])}をプレイ（コスト{d['cost']}）。",
    "deploy": lambda d, n, p: f"{n(d['number'])}が登場。",
    "attack": lambda d, n, p: f"{n(d['number'])}が" + (p(1 - d['player']) if d['target'] is None
                                                       else n(d['target_number'])) + "にアタック。",
    "block": lambda d, n, p: f"{n(d['number'])}がブロック。",
    "damage": lambda d, n, p: f"{n(d['number'])}に{d['amount']}ダメージ。",
    "destroyed": lambda d, n, p: f"{n(d['number'])}が破壊される。",
    "damage_check_start": lambda d, n, p: f"{p(d['player'])}に{d['amount']}ダメージ：ダメージチェック。",
    "damage_check_card": lambda d, n, p: f"ダメージチェック{d['index']}/{d['amount']}：{n(d['number'])}"
    + ("　ラッキーパル！" if d["lucky"] else "。"),
    "damage_cancelled": lambda d, n, p: "ラッキーパルでダメージがキャンセルされる。",
    "life_lost": lambda d, n, p: f"{p(d['player'])}のライフが{d['amount']}減る（残り{d['life']}）。",
    "life_gained": lambda d, n, p: f"{p(d['player'])}のライフが回復（{d['life']}）。",
    "activate": lambda d, n, p: f"{p(d['player'])}が{n(d['number'])}の能力を起動。",
    "ability": lambda d, n, p: f"{n(d['number'])}の自動能力。",
    "nullified": lambda d, n, p: "アタックが無効になる。",
    "souldraw": lambda d, n, p: f"{p(d['player'])}がソウル3枚をレストして1枚引く。",
    "pal_limit": lambda d, n, p: f"{n(d['number'])}は上限を超えたため墓地へ。",
    "to_graveyard": lambda d, n, p: f"{n(d['number'])}が墓地に置かれる。",
    "game_over": lambda d, n, p: ("引き分け。" if d["winner"] is None else f"{p(d['winner'])}の勝利。"),
    "assign": lambda d, n, p: f"{n(d['number'])}を{n(d['structure_number'])}にアサイン。",
    "gain": lambda d, n, p: f"{p(d['player'])}が{'素材' if d['counter'] == 'material' else '食材'}を{d['count']}個得る。",
    "consume": lambda d, n, p: f"{p(d['player'])}が{'素材' if d['counter'] == 'material' else '食材'}を{d['count']}個消費。",
    "night": lambda d, n, p: "夜になる。",
    "butcher": lambda d, n, p: f"{n(d['number'])}を解体。",
    "strike": lambda d, n, p: f"{p(d['player'])}へ打撃{d['amount']}。",
    "battle_end": lambda d, n, p: "バトル終了。",
    "move": lambda d, n, p: (f"{n(d['number'])}が移動（{d['frm']}→{d['to']}）。" if "number" in d
                             else f"{p(d['player'])}のカードが移動（{d['frm']}→{d['to']}）。"),
    "look": lambda d, n, p: (f"{p(d['player'])}が" + "、".join(n(x) for x in d["numbers"]) + "を見る。"
                             if "numbers" in d else f"{p(d['player'])}が山札の上を見る。"),
    "reveal": lambda d, n, p: f"{p(d['player'])}が" + "、".join(n(x) for x in d.get("numbers", [])) + "を公開。",
    "rest": lambda d, n, p: f"{n(d['number'])}がレスト。",
    "stand": lambda d, n, p: f"{n(d['number'])}がスタンド。",
    "power": lambda d, n, p: f"{n(d['number'])}の【戦闘力】{d['amount']:+d}。",
    "strike_change": lambda d, n, p: f"{n(d['number'])}の【打撃力】{d['amount']:+d}。",
    "exiled": lambda d, n, p: f"{n(d['number'])}を除外。",
    "shuffle": lambda d, n, p: f"{p(d['player'])}が山札をシャッフル。",
    "pay_souls": lambda d, n, p: f"{p(d['player'])}がソウルを{d['count']}枚レストして支払う。",
    "souls_stood": lambda d, n, p: f"{p(d['player'])}のソウル{d['count']}枚をスタンド。",
    "quick_step": lambda d, n, p: f"クイックステップ：{p(d['player'])}が対応できる。",
    "no_battle_opponent": lambda d, n, p: "対象がいないため、バトルのダメージは発生しない。",
    "leave_base": lambda d, n, p: f"{n(d['number'])}が拠点を離れる。",
}


def narrate(event: Any, lang: str = "en") -> str:
    """One log line; the rule number is appended in brackets when there is one."""
    table = JA if lang == "ja" else EN
    fn = table.get(event.kind)
    if fn is None:
        return ""
    try:
        text = fn(event.data, lambda num: _name(num, lang), lambda i: _p(i, lang))
    except (KeyError, TypeError, ValueError):
        return ""   # an entry whose hidden details were removed for this player and has no safe wording
    return f"{text} [{event.rule}]" if event.rule else text


RENDER["event"] = narrate   # Event.text (engine.model.log) says an event through this
