"""Card text in Japanese: how each word of the vocabulary reads, keyed by the word's name."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model.abilities import granted, render_steps
from ...model.carddb import CARDS
from . import grammar_ja
from .common import signed

Say = Callable[[dict], str]
GRAMMAR = grammar_ja   # how the phrases below are put together

WORDS = {
    "type": {"pal": "パル", "structure": "建築物", "gear": "ギア", "event": "イベント"},
    "color": {"red": "赤", "blue": "青", "green": "緑", "purple": "紫", "colorless": "無色"},
    "zone": {"hand": "手札", "deck": "山札", "base": "拠点", "graveyard": "墓地", "exile": "除外", "soul": "ソウル",
             "resolution": "解決領域"},
    "counter": {"material": "素材", "ingredient": "食材"},
    "keyword": {"brave": "勇敢", "serious": "まじめ", "vigilance": "警戒", "breakthrough": "突破", "retaliate": "相打ち",
                "interrupt": "妨害", "taunt": "挑発", "stealth": "隠密", "assault": "襲撃", "nocturnal": "夜行性"},
}

# ---------------------------------------------------------------------------------------------------------------
# phrases shared by words
# ---------------------------------------------------------------------------------------------------------------


def duration(step: dict) -> str:
    """How long, as a phrase without a following comma ("このターンの間")."""
    return {"eot": "このターンの間", "opp_next_turn": "相手の次のターンが終わるまで", None: ""}.get(
        step.get("until", "eot"), "")


TARGET = {"assigned": "アサインしたパル", "event_card": "そのパル"}


def obj(s: dict) -> str:
    """The object of a verb: the folded-in choice or a pronoun for the chosen cards."""
    return TARGET.get(s.get("target", "")) or s.get("_obj") or ("それら" if s.get("_one") is False else "それ")


def steps(inner: list, parent: dict | None = None) -> str:
    """Inner steps as one clause; ``parent`` passes on whether one card or several are meant."""
    return render_steps(inner, "ja", one=(parent or {}).get("_one"))


def te_form(t: str) -> str:
    """Turn a sentence ending in a plain verb into its te-form ("戻す" -> "戻して"), for "...てよい"."""
    for end, te in (("する", "して"), ("す", "して"), ("く", "いて"), ("ぐ", "いで"), ("む", "んで"), ("ぶ", "んで"),
                    ("う", "って"), ("つ", "って"), ("る", "て")):
        if t.endswith(end):
            return t[: -len(end)] + te
    return t + "て"


def ability(raw: dict) -> str:
    """A granted ability's text, rendered through the ability renderer."""
    return granted(raw).text("ja")


def amount(spec: Any) -> str:
    return AMOUNTS[spec["of"]](spec) if isinstance(spec, dict) else str(spec)


def cond(c: dict) -> str:
    return CONDITIONS[c["is"]](c)


# ---------------------------------------------------------------------------------------------------------------
# filters and nouns
# ---------------------------------------------------------------------------------------------------------------


def keyword_name(v: str) -> str:
    """A keyword's name as printed between 〈〉."""
    return WORDS["keyword"].get(v, v)


def main_name(v: str) -> str:
    """The Japanese main name for an English main name (looked up in the card list)."""
    return next((d.name_ja for d in CARDS.values() if d.name_en == v), v)


def _name(name_en: str) -> str:
    """The Japanese form of an English main name or full card name (as printed on some card)."""
    for d in CARDS.values():
        if d.name_en == name_en:
            return d.name_ja
        if d.full_name == name_en:
            return d.full_name_in("ja")
    return name_en


def _none(v: Any) -> str:
    return ""


NOUN = {"pal": "パル", "structure": "建築物", "gear": "ギア", "event": "イベント"}
WORK = {"Farming": "牧場"}   # work suitability names as printed on Japanese cards
ELEMENT = {"Neutral": "無", "Fire": "炎", "Water": "水", "Grass": "草", "Electric": "雷", "Ground": "地",
           "Ice": "氷", "Dark": "闇", "Dragon": "竜"}
FILTERS: dict[str, Callable[[Any], str]] = {
    "type": lambda v: "" if v == "pal" else {"structure": "建築物", "gear": "ギア", "event": "イベント"}.get(v, v),
    "color": lambda v: {"red": "赤の", "blue": "青の", "green": "緑の", "purple": "紫の"}.get(v, v),
    "cost_max": lambda v: f"◇{v}以下の",
    "cost_min": lambda v: f"◇{v}以上の",
    "state": lambda v: "スタンド状態の" if v == "standing" else "レスト状態の",
    "main_name": lambda v: f"メインネームが《{main_name(v)}》の",
    "element": lambda v: f"{v}の",
    "keyword": lambda v: f"〈{keyword_name(v)}〉を持つ",
    "not_keyword": lambda v: f"〈{keyword_name(v)}〉を持たない",
    "power_max": lambda v: f"【戦闘力】{v}以下の",
    "lucky": lambda v: "ラッキー" if v else "ノーマル",
    "work": lambda v: f"「{WORK.get(v, v)}」の",
    "types": lambda v: "または".join(v),
    "name_contains": lambda v: f"カード名に《{v}》を含む",
    "type_in": lambda v: "か".join(NOUN.get(t, t) for t in v),
    "cost": lambda v: f"コスト{v}の",
    "cost_is": _none, "owner": _none, "not_self": _none,
}


def filter_text(f: dict | None) -> str:
    if not f:
        return ""
    return "".join(FILTERS.get(k, _none)(v) for k, v in f.items())


def noun(f: dict | None) -> str:
    """A filter as a noun phrase: "◇８以下の【竜】のパル"."""
    f = dict(f or {})
    kind = f.pop("type", None)
    kinds = f.pop("types", None)
    name = f.pop("main_name", None)
    element = f.pop("element", None)
    said = NOUN.get(kind, "カード") if kind else "か".join(NOUN.get(k, k) for k in kinds) if kinds else "カード"
    text = filter_text(f)
    if kinds and text:
        text = text + "、"
    if element:
        text += f"【{ELEMENT.get(element, element)}】の"
    if name:
        text = f"メインネーム《{_name(name)}》の" + text
    return text + said


# ---------------------------------------------------------------------------------------------------------------
# choosing
# ---------------------------------------------------------------------------------------------------------------

WHERE_OF = {"base": "", "hand": "手札の", "graveyard": "あなたの墓地の", "looked": "その中の"}
WHERE_FROM = {"base": "", "hand": "あなたの手札から", "graveyard": "あなたの墓地から", "looked": "その中から"}


def _chosen(s: dict, where_by_zone: dict[str, str]) -> tuple[str, str]:
    """(the described cards, the count) of a choice, e.g. ("相手の◇5以下のパル", "1枚まで")."""
    said = s.get("noun_ja", "パル")
    zone = s.get("zone", "base")
    whose = "" if zone in ("hand", "graveyard") else {"own": "あなたの", "opponent": "相手の", "any": ""}[
        s.get("side", "any")]
    desc = ("他の" if s.get("other") else "") + filter_text(s.get("filter"))
    n = s.get("count", 1)
    count = "すべて" if s.get("all") else f"{n if isinstance(n, int) else 'X'}枚{'まで' if s.get('up_to') else ''}"
    return f"{where_by_zone[zone]}{whose}{desc}{said}", count


def choose(s: dict) -> str:
    cards, count = _chosen(s, WHERE_FROM)
    return f"{cards}を{count}選び"


def choose_object(s: dict) -> str:
    """The chosen cards as a noun phrase: "◇7以上のパル1枚まで", "あなたのパルすべて"."""
    if s["do"] == "opponent_chooses":     # the opponent picks among their own Pals
        return f"相手が選んだ相手の{filter_text(s.get('filter'))}パル{s.get('count', 1)}枚"
    cards, count = _chosen(s, WHERE_OF)
    return cards + count


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


def _boost(s: dict, what: str) -> str:
    """"このカードの【戦闘力】をこのターンの間+300する"."""
    who = "このカードの" if s.get("target") == "self" else {"それ": "その"}.get(obj(s), obj(s) + "の")
    return f"{who}{what}を{duration(s)}{signed(s['amount'])}する"


def _boost_both(s: dict) -> str:
    parts = []
    if s.get("power"):
        parts.append(f"【戦闘力】{s['power']:+d}")
    if s.get("strike"):
        parts.append(f"【打撃力】{s['strike']:+d}")
    who = "このカード" if s.get("target") == "self" else obj(s)
    return f"{who}は{duration(s)}{'と'.join(parts)}を得る"


def _self_or(s: dict, verb: str) -> str:
    return f"このカードを{verb}" if s.get("target") == "self" else f"{obj(s)}を{verb}"


def _player_damage(s: dict) -> str:
    if isinstance(s.get("amount"), dict):
        return f"相手に{amount(s['amount'])}に等しいダメージを与える"
    return f"相手に{s.get('amount')}ダメージを与える"


def _top(s: dict) -> str:
    n = s.get("count", 1)
    return "自分の山札の一番上を公開し" if n == 1 else f"自分の山札の上から{n}枚を公開し"


def _eot(s: dict) -> str:
    return "このターンの間" if s.get("until", "eot") == "eot" else ""


def _may_play(s: dict) -> str:
    base = (f"それをコストから◇{s.get('reduce', 0)}引いてプレイしてよい（ただし◇1より下にはならない）"
            if s.get("reduce") else "それをプレイしてよい")
    return f"{cond(s['cond'])}なら、{base}" if s.get("cond") else base


def _discard_from_hand(s: dict) -> str:
    n = s.get("count", 1)
    if s.get("who") == "opponent":
        return f"相手は手札から自分で選んで{n}枚を捨てる"
    return f"手札{n}枚を捨てる"


PLAYER_RULES = {
    "no_assign": "あなたはパルをアサインできない",
    "must_attack_all": "あなたのパルはアタックできるならすべてアタックしなければならない（後から登場したパルも含む）",
}


def _next_cost(s: dict) -> str:
    what = NOUN.get(s.get("filter", {}).get("type", ""), "カード")
    return (f"{duration(s)}に、あなたが次に手札からプレイする{what}は、コストが{s['amount']}減る"
            "（ただし◇０以下にはならない）")


RETURN_EXILED = {"hand": "このカードが追放したパルを、すべて持ち主の手札に戻す",
                 "base_rested": "このカードが追放したパルを、レスト状態で持ち主の拠点に登場させる"}
GRANT_WHO = {"self": "このカード", "assigned": "アサインしたパル"}


def _counter(s: dict) -> str:
    return "素材" if s["counter"] == "material" else "食材"


VERBS: dict[str, Say] = {
    "choose": choose,
    "draw": lambda s: f"カードを{s.get('count', 1)}枚引く",
    "damage": lambda s: f"{obj(s)}に{s['amount']}【ダメージ】を与える",
    "power": lambda s: _boost(s, "【戦闘力】"),
    "strike": lambda s: _boost(s, "【打撃力】"),
    "rest": lambda s: _self_or(s, "レストする"),
    "stand": lambda s: _self_or(s, "スタンドする"),
    "skip_next_stand": lambda s: f"相手の次のスタンドフェイズでは、{obj({'_one': s.get('_one')})}はスタンドしない",
    "cannot_stand": lambda s: f"このカードが拠点に残る限り、{obj({'_one': s.get('_one')})}はスタンドしない",
    "gain": lambda s: f"【{_counter(s)}】{s.get('count', 1)}個を得る",
    "gain_life": lambda s: f"ライフを{s.get('count', 1)}回復する",
    "to_graveyard": lambda s: f"{'このカード' if s.get('target') == 'self' else obj(s)}を墓地に送る",
    "to_hand": lambda s: f"{obj(s)}を{'手札' if s.get('_zone') in ('hand', 'graveyard') else '持ち主の手札'}に戻す",
    "discard": lambda s: f"{obj(s)}を捨てる",
    "to_deck_top": lambda s: f"{obj(s)}を山札の一番上に置く",
    "deploy": lambda s: f"{obj(s)}を{'レスト状態で' if s.get('rested') else ''}登場させる",
    "exile": lambda s: f"{obj(s)}を追放する",
    "butcher": lambda s: f"{obj(s)}を解体する",
    "look_top": lambda s: f"自分の山札の上から{s.get('count', 1)}枚を{'公開し' if s.get('reveal') else '見て'}",
    "rest_to_deck": lambda s: "残りは山札に戻してシャッフルする",
    "rest_to_graveyard": lambda s: "残りは墓地に送る",
    "stand_souls": lambda s: f"あなたのソウル{s.get('count', 1)}枚をスタンドする",
    "add_soul": lambda s: f"ソウルを{s.get('count', 1)}枚、レスト状態で増やす",
    "may": lambda s: f"{te_form(steps(s['steps'], s))}よい",
    "if": lambda s: f"{cond(s['cond'])}なら、{steps(s['then'], s)}"
    + (f"。そうでなければ、{steps(s['else'], s)}" if s.get("else") else ""),
    "modes": lambda s: "次のうち１つを行う：" + "／".join(steps(m) for m in s["modes"]),
    "repeat": lambda s: f"X回繰り返す：〈{steps(s['steps'])}〉",
    "grant": lambda s: f"{GRANT_WHO.get(s.get('target')) or obj(s)}は{duration(s)}〈{ability(s['ability'])}〉を得る",
    "night": lambda s: duration({"until": s.get("until", "opp_next_turn")}) + "夜にする",
    "nullify_attack": lambda s: "相手のアタックを無効にし、そのバトルではダメージを起こさない",
    "effect": lambda s: f"ターン終了時まで、{s['kind']}",
    "player_effect": lambda s: f"ターン終了時まで、{s['kind']}",
    "player_damage": _player_damage,
    "retaliate": lambda s: "バトルしていた相手のパルを墓地に送る",
    # blue and colourless cards
    "reveal_top": _top,
    "take": lambda s: f"{s.get('_obj') or 'それ'}を手札に加える",
    "with_x": lambda s: f"{render_steps(s['steps'], 'ja')}（Xは{amount(s['x'])}）",
    "declare_name": lambda s: "カード名を１つ宣言して",
    "add_name": lambda s: f"{s.get('_obj') or 'それら'}は{_eot(s)}、宣言したカード名も自分のカード名として持つ",
    "reveal_hand": lambda s: f"手札から{s.get('count', 1)}枚を公開{'してもよい' if s.get('up_to', True) else 'し'}",
    # green cards
    "send_to": lambda s: f"{obj(s)}を" + {"hand": "手札に加える", "graveyard": "墓地に送る"}[s["to"]],
    "gain_either": lambda s: f"【素材】か【食材】の好きな方を{s.get('count', 1)}個得る",
    "stand_souls_up_to": lambda s: f"あなたのソウル{amount(s.get('count', 1))}枚までをスタンドする",
    "may_play": _may_play,
    # purple cards
    "discard_from_hand": _discard_from_hand,
    "opponent_chooses": lambda s: f"相手は自分のパル{s.get('count', 1)}枚を選び",
    "at_end_of_turn": lambda s: f"このターンが終わる時に{steps(s['steps'])}",
    "opponent_loses_counters": lambda s: f"相手の【素材】と【食材】を合わせて{s.get('count', 1)}個まで、"
    "内訳をあなたが決めて失わせる",
    "return_exiled": lambda s: RETURN_EXILED[s.get("to", "hand")],
    # red cards
    "x_is": lambda s: f"Xを{amount(s['x'])}とし",
    "boost": _boost_both,
    "return_to_hand": lambda s: "このカードを手札に戻す" if s.get("target") == "self" else f"{obj(s)}を持ち主の手札に戻す",
    "add_to_hand": lambda s: f"{obj(s)}を手札に加える",
    "cannot_block": lambda s: f"{obj(s)}は{duration(s)}ブロックできない",
    "player_rule": lambda s: duration(s) + "、" + "。また、".join(PLAYER_RULES[r] for r in s["rules"]),
    "stand_assigned": lambda s: "あなたのパルのうち、このターンにアサインされたものをすべてスタンドする",
    "reduce_next_cost": _next_cost,
}

# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


def _have_noun(c: dict) -> str:
    """The counted cards as a noun phrase: "「牧場」の建築物"."""
    f = dict(c.get("filter") or {})
    kind = f.pop("type", None)
    return filter_text(f) + (NOUN.get(kind, "カード") if kind else "カード")


DID_NOT = {"deploy": "それを登場させなかった"}
COUNTED = {"butchered": "これで１枚以上解体した", "discarded": "そうした"}

CONDITIONS: dict[str, Say] = {
    "night": lambda c: "夜",
    "rested": lambda c: "このカードがレスト状態",
    "did": lambda c: "そうした",
    "chose_none": lambda c: "１枚も選ばなかった",
    "chose_some": lambda c: "１枚以上選んだ",
    "souls_at_least": lambda c: f"あなたのソウルが{c['count']}枚以上",
    "defending": lambda c: "相手がアタックしている",
    "have": lambda c: f"あなたの拠点に{_have_noun(c)}が{c.get('count', 1)}枚以上ある",
    "chosen_is": lambda c: f"それが{filter_text(c.get('filter'))}カード",
    "it_is": lambda c: f"それが{noun(c.get('filter'))}",
    "did_not": lambda c: DID_NOT.get(c.get("what", ""), "そうしなかった"),
    "revealed": lambda c: f"公開したのが{noun(c.get('filter'))}",
    "no_other_cards_played": lambda c: "このゲームであなたがこのカードより前にカードを１枚もプレイしていない",
    "at_least": lambda c: AMOUNTS[c["amount"]["of"]]({**c["amount"], "at_least": c.get("count", 1)}),
    "assigned_this_turn": lambda c: "このカードがこのターンにアサインされている",
    "souls_before_at_least": lambda c: f"増やす前のソウルが{c['count']}枚以上だった",
    "counted": lambda c: COUNTED[c["what"]],
    "chosen_moved": lambda c: "これで１枚以上送った",
    "none_exiled_by_self": lambda c: "このカードが追放したパルが追放領域に１枚もない",
    "chosen_named": lambda c: f"そのパルのメインネームが《{c.get('name_ja', c['name'])}》",
}

# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------

COST_OF = {"assigned": "アサインしたパルのコスト", "event": "そのパルのコスト"}


def _contains(s: dict) -> str:
    return s.get("contains_ja", s["contains"])


AMOUNTS: dict[str, Say] = {
    "count": lambda s: f"あなたの{filter_text(s.get('filter'))}カードの枚数",
    "x": lambda s: "X",
    "source_strike": lambda s: "このカードの【打撃力】",
    "source_power": lambda s: "このカードの【戦闘力】",
    "assigned_cost": lambda s: "アサインしたパルのコスト",
    "distinct_names": lambda s: f"あなたの{noun(s.get('filter'))}が持つ、《{_contains(s)}》の入ったカード名の種類数",
    "different_named": lambda s: f"《{_contains(s)}》の入ったカード名を互いに別々に持つ"
    f"あなたの{noun(s.get('filter'))}が{s.get('at_least', 'X')}枚以上いる",
    "own_pals": lambda s: f"あなたの{filter_text(s.get('filter'))}パル",
    "x_times": lambda s: f"X×{s.get('by', 1)}",
    "cost_of": lambda s: COST_OF[s.get("card", "event")] + (f"{s['plus']:+d}" if s.get("plus") else ""),
}

# ---------------------------------------------------------------------------------------------------------------
# triggers, costs and continuous effects
# ---------------------------------------------------------------------------------------------------------------

TRIGGERS: dict[str, Say] = {
    "on_deploy": lambda t: "【登場時】",
    "on_attack": lambda t: "【アタック時】",
    "on_assign": lambda t: "【アサイン時】",
    "attacked": lambda t: "このカードがアタックされたとき",
    "to_graveyard": lambda t: "このカードが墓地に送られたとき",
    "leave_base": lambda t: "このカードが拠点から離れたとき",
    "attacks_structure": lambda t: "このカードが建築物にアタックしたとき",
    "battle_end": lambda t: "このカードがアタックしたバトルが終わるとき",
    "end_of_your_turn": lambda t: "あなたのターンの終わりに",
    "end_of_turn": lambda t: "毎ターンの終わりに",
    "ally_deployed": lambda t: f"あなたの{filter_text(t.get('filter'))}パルが登場するたび",
    "assigned_to": lambda t: f"このカードが{filter_text(t.get('filter'))}建築物にアサインされたとき",
    "combat_opponent_to_graveyard": lambda t: "このカードのアタックで、バトルしている相手のパルが墓地に送られたとき",
    "to_graveyard_in_battle": lambda t: "このカードがバトルの途中で墓地に送られたとき",
    "ally_butchered": lambda t: "あなたのパルが解体されるたび",
}


def _discard_cost(p: dict) -> str:
    kind = (p.get("filter") or {}).get("type")
    where = f"手札の{NOUN[kind]}" if kind in NOUN else "手札"
    if p.get("_other"):
        where = "他の" + where
    return f"{where}{p.get('count', 1)}枚を捨てる"


COSTS: dict[str, Say] = {
    "souls": lambda p: f"({p.get('count', 1)})",
    "discard_self": lambda p: "このカードを捨てる",
    "discard": _discard_cost,
    "rest_self": lambda p: "このカードをレスト",
    "assign": lambda p: f"パル{p.get('count', 1)}枚をアサイン",
    "consume": lambda p: f"【{_counter(p)}】{p.get('count', 1)}個を消費",
    "butcher": lambda p: "他のパル1枚を解体" if p.get("other") else "パル1枚を解体",
    "mill": lambda p: f"自分の山札の上から{p.get('count', 1)}枚を墓地に送る",
}


def _cont_target(d: dict) -> str:
    who = d.get("applies", "self")
    if who == "self":
        return "このカードは"
    side = {"own": "あなたの", "opponent": "相手の", "any": ""}[d.get("side", "own")]
    other = "他の" if who == "others" else ""
    return f"{side}{other}{filter_text(d.get('filter'))}パルは"


def _per(d: dict) -> str:
    v = d.get("amount")
    if isinstance(v, dict) and v["of"] == "count":    # "あなたの建築物1枚につき、"
        f = dict(v.get("filter") or {})
        kind = f.pop("type", "card")
        return f"あなたの{filter_text(f)}{NOUN.get(kind, 'カード')}1枚につき、"
    return f"{AMOUNTS[v['of']](v)}1枚につき、" if isinstance(v, dict) else ""


KEYWORD_REMINDERS = {"assault": "スタンド状態のパルにもアタックできる",
                     "stealth": "このカードのアタックはブロックされない",
                     "taunt": "相手がアタックする時、このカードを対象にできるなら、これを対象にしなければならない"}

CONTINUOUS: dict[str, Say] = {
    "power": lambda d: f"{_per(d)}{_cont_target(d)}【戦闘力】{signed(d.get('per', d.get('amount')))}",
    "strike": lambda d: f"{_per(d)}{_cont_target(d)}【打撃力】{signed(d.get('per', d.get('amount')))}",
    "grant": lambda d: f"{_cont_target(d)}〈{ability(d['ability'])}〉を得る",
    "night": lambda d: "夜になっている",
    "auto_twice": lambda d: "夜の間、あなたのパルが持つ【自】はどれも２回ずつ発動する",
    "cannot_be_attacked": lambda d: f"{filter_text(d.get('by'))}パルはこのカードにアタックできない",
    "damage_bonus": lambda d: f"あなたの{filter_text(d.get('filter'))}カードがバトル以外でパルにダメージを与える場合、"
    f"その値は{d['amount']}多くなる",
    "keyword": lambda d: KEYWORD_REMINDERS.get(d.get("name", ""), d.get("name", "")),
    "deck_any_number": lambda d: "デッキには、このカードと同じ名前のカードを枚数の制限なく入れてよい",
}

# ---------------------------------------------------------------------------------------------------------------
# phrases the engine's messages quote (parameters of a message, by name)
# ---------------------------------------------------------------------------------------------------------------

PHRASES: dict[str, Callable[[Any], str]] = {
    "choice": lambda s: choose(s).removesuffix("選び") + "選んでください",   # what a choice asks for
    "may": lambda inner: te_form(steps(inner)),                            # the optional part of "...てよい"
    "steps": lambda inner: steps(inner),                                   # a mode: what it does
    "skill": ability,                                                      # an ability (its data), quoted
}
