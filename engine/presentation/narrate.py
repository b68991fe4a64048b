"""Plain-words narration of log events in English and Japanese, naming the rule or ability behind each.

Players are named as the board names them: ``narrate(event, lang, names, you)`` takes the two seat names and
the seat the reader sits in, which is said as "you" (with the verb agreeing: "You go first", "Foxparks attacks
you", "Your deck"). Without names the seats are "Player 1" and "Player 2"."""
from __future__ import annotations

from typing import Any

from ..model.abilities import RENDER
from ..model.carddb import CARDS
from .words import counter_name, zone_name


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


def _pl(n: Any, one: str, many: str) -> str:
    """``n`` with its noun in the right number: "1 card", "2 cards"."""
    return f"{n} {one if n == 1 else many}"


class Seats:
    """How a narration line names the players: by the board's seat names, the reader's own seat as "you"."""

    def __init__(self, lang: str, names: Any = None, you: int | None = None) -> None:
        self.lang = lang
        self.names = tuple(names) if names else (_p(0, lang), _p(1, lang))
        self.you = you

    def __call__(self, i: Any) -> str:
        """The player as a subject at the start of a sentence ("You", "Computer", "あなた")."""
        if i is None:
            return "-"
        if i == self.you:
            return "あなた" if self.lang == "ja" else "You"
        return self.names[i]

    def o(self, i: Any) -> str:
        """The player as an object ("Foxparks attacks you")."""
        return "you" if i == self.you and self.lang != "ja" else self(i)

    def pos(self, i: Any) -> str:
        """Whose: "your", "Computer's" (Japanese: "あなたの", "コンピューターの")."""
        if self.lang == "ja":
            return f"{self(i)}の"
        return "your" if i == self.you else f"{self(i)}'s"

    def does(self, i: Any, third: str, base: str) -> str:
        """Subject and verb agreeing: "Computer goes" / "You go"."""
        return f"{self(i)} {base if i == self.you else third}"

    def their(self, i: Any) -> str:
        """The possessive pronoun after a subject: "their" / "your"."""
        return "your" if i == self.you else "their"


def _zone(word: Any, lang: str) -> str:
    return zone_name(word, lang) if isinstance(word, str) else str(word)


REASONS = {"life": ("life reached 0", "ライフが0"), "deck_out": ("a deck ran out", "山札切れ"),
           "both_lost": ("both lost", "両者敗北"), "concede": ("concession", "投了")}


def _reason(word: Any, lang: str) -> str:
    pair = REASONS.get(word, (str(word), str(word)))
    return pair[1] if lang == "ja" else pair[0]


def _attack_en(d: dict, n: Any, p: Seats) -> str:
    target = p.o(1 - d["player"]) if d["target"] is None else n(d["target_number"])
    return f"{n(d['number'])} attacks {target}."


def _move_en(d: dict, n: Any, p: Seats) -> str:
    frm, to = _zone(d["frm"], "en"), _zone(d["to"], "en")
    if "number" in d:
        return f"{n(d['number'])} moves from the {frm} to the {to}."
    return f"{p.does(d['player'], 'moves', 'move')} a card from {p.their(d['player'])} {frm} to {p.their(d['player'])} {to}."


EN = {
    "first_player": lambda d, n, p: f"{p.does(d['player'], 'goes', 'go')} first.",
    "soul_gain": lambda d, n, p: f"{p.does(d['player'], 'gains', 'gain')} {_pl(d['count'], 'soul', 'souls')}"
    + (" (rested)." if d.get("rested") else "."),
    "draw": lambda d, n, p: f"{p.does(d['player'], 'draws', 'draw')} {_pl(d['count'], 'card', 'cards')}.",
    "redraw": lambda d, n, p: f"{p.does(d['player'], 'redraws', 'redraw')} {p.their(d['player'])} opening hand.",
    "turn_start": lambda d, n, p: f"Turn {d['turn']}: {p.pos(d['player'])} turn begins.",
    "play": lambda d, n, p: f"{p.does(d['player'], 'plays', 'play')} {n(d['number'])} (cost {d['cost']}).",
    "deploy": lambda d, n, p: f"{n(d['number'])} is deployed to {p.pos(d['player'])} base.",
    "attack": _attack_en,
    "block": lambda d, n, p: f"{n(d['number'])} blocks.",
    "damage": lambda d, n, p: f"{n(d['number'])} takes {d['amount']} damage.",
    "destroyed": lambda d, n, p: f"{n(d['number'])} is destroyed (damage ≥ power).",
    "damage_check_start": lambda d, n, p: f"{p.does(d['player'], 'takes', 'take')} {d['amount']} damage: damage check.",
    "damage_check_card": lambda d, n, p: f"Damage check {d['index']}/{d['amount']}: {n(d['number'])}"
    + (" — Lucky Pal!" if d["lucky"] else "."),
    "damage_cancelled": lambda d, n, p: f"A Lucky Pal cancels the damage to {p.o(d['player'])}.",
    "life_lost": lambda d, n, p: f"{p.does(d['player'], 'loses', 'lose')} {d['amount']} life (now {d['life']}).",
    "life_gained": lambda d, n, p: f"{p.does(d['player'], 'gains', 'gain')} life (now {d['life']}).",
    "activate": lambda d, n, p: f"{p.does(d['player'], 'activates', 'activate')} an ability of {n(d['number'])}.",
    "ability": lambda d, n, p: f"{n(d['number'])}'s automatic ability resolves.",
    "nullified": lambda d, n, p: "The attack is nullified.",
    "souldraw": lambda d, n, p: f"{p.does(d['player'], 'rests', 'rest')} 3 souls to draw 1 card.",
    "pal_limit": lambda d, n, p: f"{n(d['number'])} goes to the graveyard (over the 5-Pal limit).",
    "to_graveyard": lambda d, n, p: f"{n(d['number'])} is put into the graveyard.",
    "game_over": lambda d, n, p: ("The game is a draw." if d["winner"] is None
                                  else f"{p.does(d['winner'], 'wins', 'win')} ({_reason(d['reason'], 'en')})."),
    "assign": lambda d, n, p: f"{n(d['number'])} is assigned to {n(d['structure_number'])}.",
    "gain": lambda d, n, p: f"{p.does(d['player'], 'gets', 'get')} {d['count']} {counter_name(d['counter'], 'en')}.",
    "consume": lambda d, n, p: f"{p.does(d['player'], 'consumes', 'consume')} {d['count']} {counter_name(d['counter'], 'en')}.",
    "night": lambda d, n, p: "It becomes night.",
    "butcher": lambda d, n, p: f"{n(d['number'])} is butchered.",
    "strike": lambda d, n, p: f"Strike {d['amount']} to {p.o(d['player'])}.",
    "battle_end": lambda d, n, p: "The battle ends.",
    "move": _move_en,
    "look": lambda d, n, p: (f"{p.does(d['player'], 'looks', 'look')} at " + ", ".join(n(x) for x in d["numbers"]) + "."
                             if "numbers" in d
                             else f"{p.does(d['player'], 'looks', 'look')} at the top of {p.their(d['player'])} deck."),
    "reveal": lambda d, n, p: f"{p.does(d['player'], 'reveals', 'reveal')} " + ", ".join(n(x) for x in d.get("numbers", [])) + ".",
    "rest": lambda d, n, p: f"{n(d['number'])} rests.",
    "stand": lambda d, n, p: f"{n(d['number'])} stands.",
    "power": lambda d, n, p: f"{n(d['number'])} gets Power{d['amount']:+d}.",
    "strike_change": lambda d, n, p: f"{n(d['number'])} gets Strike{d['amount']:+d}.",
    "exiled": lambda d, n, p: f"{n(d['number'])} is exiled.",
    "shuffle": lambda d, n, p: f"{p.does(d['player'], 'shuffles', 'shuffle')} {p.their(d['player'])} deck.",
    "pay_souls": lambda d, n, p: f"{p.does(d['player'], 'rests', 'rest')} {_pl(d['count'], 'soul', 'souls')} to pay.",
    "souls_stood": lambda d, n, p: f"{p.does(d['player'], 'stands', 'stand')} {_pl(d['count'], 'soul', 'souls')}.",
    "quick_step": lambda d, n, p: f"Quick step: {p.o(d['player'])} may respond.",
    "no_battle_opponent": lambda d, n, p: "The target has left: no battle damage.",
    "leave_base": lambda d, n, p: f"{n(d['number'])} leaves the base.",
}
JA = {
    "first_player": lambda d, n, p: f"{p(d['player'])}が先攻。",
    "soul_gain": lambda d, n, p: f"{p.pos(d['player'])}ソウルが{d['count']}枚増える" + ("（レスト）。" if d.get("rested") else "。"),
    "draw": lambda d, n, p: f"{p(d['player'])}が{d['count']}枚引く。",
    "redraw": lambda d, n, p: f"{p(d['player'])}が引き直す。",
    "turn_start": lambda d, n, p: f"ターン{d['turn']}：{p.pos(d['player'])}ターン。",
    "play": lambda d, n, p: f"{p(d['player'])}が{n(d['number'])}をプレイ（コスト{d['cost']}）。",
    "deploy": lambda d, n, p: f"{n(d['number'])}が{p.pos(d['player'])}拠点に登場。",
    "attack": lambda d, n, p: f"{n(d['number'])}が" + (p(1 - d['player']) if d['target'] is None
                                                       else n(d['target_number'])) + "にアタック。",
    "block": lambda d, n, p: f"{n(d['number'])}がブロック。",
    "damage": lambda d, n, p: f"{n(d['number'])}に{d['amount']}ダメージ。",
    "destroyed": lambda d, n, p: f"{n(d['number'])}が破壊される。",
    "damage_check_start": lambda d, n, p: f"{p(d['player'])}に{d['amount']}ダメージ：ダメージチェック。",
    "damage_check_card": lambda d, n, p: f"ダメージチェック{d['index']}/{d['amount']}：{n(d['number'])}"
    + ("　ラッキーパル！" if d["lucky"] else "。"),
    "damage_cancelled": lambda d, n, p: f"ラッキーパルで{p(d['player'])}へのダメージがキャンセルされる。",
    "life_lost": lambda d, n, p: f"{p.pos(d['player'])}ライフが{d['amount']}減る（残り{d['life']}）。",
    "life_gained": lambda d, n, p: f"{p.pos(d['player'])}ライフが回復（{d['life']}）。",
    "activate": lambda d, n, p: f"{p(d['player'])}が{n(d['number'])}の能力を起動。",
    "ability": lambda d, n, p: f"{n(d['number'])}の自動能力。",
    "nullified": lambda d, n, p: "アタックが無効になる。",
    "souldraw": lambda d, n, p: f"{p(d['player'])}がソウル3枚をレストして1枚引く。",
    "pal_limit": lambda d, n, p: f"{n(d['number'])}は上限を超えたため墓地へ。",
    "to_graveyard": lambda d, n, p: f"{n(d['number'])}が墓地に置かれる。",
    "game_over": lambda d, n, p: ("引き分け。" if d["winner"] is None
                                  else f"{p(d['winner'])}の勝利（{_reason(d['reason'], 'ja')}）。"),
    "assign": lambda d, n, p: f"{n(d['number'])}を{n(d['structure_number'])}にアサイン。",
    "gain": lambda d, n, p: f"{p(d['player'])}が【{counter_name(d['counter'], 'ja')}】を{d['count']}個得る。",
    "consume": lambda d, n, p: f"{p(d['player'])}が【{counter_name(d['counter'], 'ja')}】を{d['count']}個消費。",
    "night": lambda d, n, p: "夜になる。",
    "butcher": lambda d, n, p: f"{n(d['number'])}を解体。",
    "strike": lambda d, n, p: f"{p(d['player'])}へ打撃{d['amount']}。",
    "battle_end": lambda d, n, p: "バトル終了。",
    "move": lambda d, n, p: (f"{n(d['number'])}が移動（{_zone(d['frm'], 'ja')}→{_zone(d['to'], 'ja')}）。" if "number" in d
                             else f"{p.pos(d['player'])}カードが移動（{_zone(d['frm'], 'ja')}→{_zone(d['to'], 'ja')}）。"),
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
    "souls_stood": lambda d, n, p: f"{p.pos(d['player'])}ソウル{d['count']}枚をスタンド。",
    "quick_step": lambda d, n, p: f"クイックステップ：{p(d['player'])}が対応できる。",
    "no_battle_opponent": lambda d, n, p: "対象がいないため、バトルのダメージは発生しない。",
    "leave_base": lambda d, n, p: f"{n(d['number'])}が拠点を離れる。",
}


def narrate(event: Any, lang: str = "en", names: Any = None, you: int | None = None) -> str:
    """One log line; the rule number is appended in brackets when there is one. ``names`` are the two seats'
    names in ``lang`` and ``you`` the reader's seat (said as "you"); without them, "Player 1" and "Player 2"."""
    table = JA if lang == "ja" else EN
    fn = table.get(event.kind)
    if fn is None:
        return ""
    try:
        text = fn(event.data, lambda num: _name(num, lang), Seats(lang, names, you))
    except (KeyError, TypeError, ValueError):
        return ""   # an entry whose hidden details were removed for this player and has no safe wording
    return f"{text} [{event.rule}]" if event.rule else text


RENDER["event"] = narrate   # Event.text (engine.model.log) says an event through this
