"""What the playmat's answers carry, as JSON-ready data: cards, log events, decisions, options and reasons."""

from __future__ import annotations

from typing import Any

from engine import say, view
from engine.presentation.action_labels import option_cards, options_info
from engine.presentation.action_labels import option_info as labelled_option
from engine.presentation.languages import LANGS
from engine.presentation.view import decision_params, log_entry
from engine.presentation.words import all_words

# How the board names the seats (web/js/board.js seatName), so the log says the same names.
SEAT_NAMES = {"en": {"you": "You", "computer": "Computer", "players": ("Player 1", "Player 2")},
              "ja": {"you": "あなた", "computer": "コンピューター", "players": ("プレイヤー1", "プレイヤー2")}}
VISIBLE_ZONES = ("hand", "base", "graveyard", "exile", "revealed")


def game_words() -> dict[str, dict]:
    """The engine's words for card types, colours, keywords, zones and counters in each language."""
    return {lang: all_words(lang) for lang in LANGS}


def seat_names(mode: str, human: int = 0) -> dict[str, tuple[str, str]]:
    """The two seats' names in each language as the board shows them: "You" and "Computer" against the
    computer, "Player 1" and "Player 2" in hot-seat."""
    out = {}
    for lang, words in SEAT_NAMES.items():
        if mode == "computer":
            out[lang] = tuple(words["you"] if seat == human else words["computer"] for seat in (0, 1))
        else:
            out[lang] = words["players"]
    return out


def card_info(card) -> dict:
    """The facts of one card definition, with its text in both languages."""
    info = {
        "number": card.number,
        "name": {"en": card.name_en, "ja": card.name_ja},
        "subname": {"en": card.sub_en, "ja": card.sub_ja},
        "type": card.type,
        "color": card.color,
        "cost": card.cost,
        "power": card.power,
        "strike": card.strike,
        "lucky": card.lucky,
        "elements": list(card.elements),
        "work": list(card.work),
        "rarity": card.rarity,
    }
    info["text"] = {lang: _safe_text(card, lang) for lang in LANGS}
    return info


def _safe_text(card, lang: str) -> str:
    try:
        return card.text(lang)
    except Exception:
        return ""


def player_view(game, player: int) -> dict:
    """``view(game, player)`` without its log (the host sends the log incrementally)."""
    return view(game, player, log_tail=0)


def event_info(event, viewer: int, names: dict | None = None, you: int | None = None) -> dict | None:
    """One log event as ``viewer`` may see it, narrated from the redacted data only (``engine.view.log_entry``)
    in both languages, naming the seats by ``names`` (per language) and ``you``; None if silent."""
    entries = {lang: log_entry(event, viewer, lang, (names or {}).get(lang), you) for lang in LANGS}
    texts = {lang: entry["text"] for lang, entry in entries.items()}
    if not any(texts.values()):
        return None
    entry = entries["en"]
    return {"kind": entry["kind"], "data": jsonable(entry["data"]), "rule": entry["rule"], "text": texts}


def decision_info(game, decision, visible: set[int] | None = None) -> dict:
    """The pending decision: legal options, and illegal ones the page may grey out with a reason, each as data
    (``option_info``: its action, kind, cards and label in each language, naming only ``visible`` cards)."""
    info = jsonable({**decision.to_dict(), "params": decision_params(decision)})
    info["prompt_text"] = said(decision.prompt)
    info["options"] = options_info(game, [action.text for action in decision.options], decision, visible)
    rejections = decision.rejections()
    rejected = options_info(game, [action.text for action, _ in rejections], decision, visible)
    info["rejected"] = [{**option, "why": str(reason), "why_text": said(reason)}
                        for option, (_, reason) in zip(rejected, rejections, strict=True)]
    info.setdefault("min", getattr(decision, "min", None))
    info.setdefault("max", getattr(decision, "max", None))
    return info


def option_info(game, text: str, decision=None, visible: set[int] | None = None) -> dict:
    """One option as the page shows it (``engine.presentation.action_labels.option_info``)."""
    return labelled_option(game, text, decision, visible)


def learn_options(state: dict, decision=None) -> dict:
    """A lesson's or puzzle's state with each option's ``kind`` and ``cards`` as data (the host's labels already
    speak the session's language): a lesson check's ``answer ID`` is about that card."""

    def data(option: dict) -> dict:
        verb, *args = option["action"].split()
        answer = verb == "answer" and bool(args) and args[0].isdigit()
        return {**option, "kind": verb, "cards": [int(args[0])] if answer else option_cards(option["action"], decision)}

    return {**state, "options": [data(option) for option in state.get("options") or []]}


def visible_ids(board: dict) -> set[int]:
    """The ids of the cards a view shows face up (its zones and the cards its decision names): the only cards
    an option's label may name."""
    ids = {card["id"] for player in board["players"] for zone in VISIBLE_ZONES for card in player.get(zone) or []
           if isinstance(card, dict) and "id" in card}
    ids.update(card["id"] for card in (board.get("decision") or {}).get("cards") or [] if "id" in card)
    return ids


def hand_reasons(game, board: dict, viewer: int) -> dict[str, str]:
    """Why each card in the viewer's hand cannot be played now (main phase only), by card id."""
    decision = game.decision
    if decision is None or decision.player != viewer or kind_value(decision.kind) != "main":
        return {}
    hand = board["players"][viewer].get("hand") or []
    offered = {a.text.split()[1] for a in decision.options if a.verb == "play" and a.args}
    reasons = {}
    for card in hand:
        if str(card["id"]) not in offered:
            reason = why_not(game, f"play {card['id']}")
            if reason:
                reasons[str(card["id"])] = reason
    return reasons


def said(text: Any) -> dict[str, str]:
    """A reason or prompt of the engine in every language of the page (``engine.model.message.say``)."""
    return {lang: say(text, lang) for lang in LANGS}


def why_not(game, text: str) -> str | None:
    """The engine's reason an action is illegal now, or None if it is legal."""
    return game.why_not(text)


def kind_value(kind: Any) -> Any:
    """A decision kind's value (the enum's text), or the kind itself if it is text already."""
    return getattr(kind, "value", kind)


def jsonable(value: Any) -> Any:
    """Data made safe for JSON: enums by value, tuples as lists, unknown objects as text."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "value"):
        return jsonable(value.value)
    return str(value)
