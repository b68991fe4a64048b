"""Every sentence a player reads besides card text exists in English and Japanese: the reasons an action is not possible now and the decision prompts carry a message key and its
parameters (engine.model.message.Msg) and engine.presentation.messages says them in either language; the log
names the seats as the board does, the reader as "you", with plural forms."""
from __future__ import annotations

import pathlib
import random
import re
import string
import sys

import pytest

from engine import Game
from engine.clients.bench import random_deck
from engine.model.log import Event
from engine.model.message import Msg, say
from engine.presentation.messages import CATALOGUE, render
from engine.presentation.narrate import narrate
from engine.presentation.words import all_words

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "py"))
import playmat_host  # noqa: E402  (plain Python; its folder is put on sys.path just above)

# A run of two or more Latin letters is an English word in a Japanese sentence; "X" (a number chosen while
# paying) is the one single letter the Japanese forms use, and rule numbers are digits.
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")
FOXPARKS = "EBP01-006"


def english_words(text: str) -> list[str]:
    return ENGLISH_WORD.findall(text)


def fields(template: str) -> set[str]:
    return {name.split(":")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_key_has_both_languages_with_the_same_parameters():
    for key, forms in CATALOGUE.items():
        assert set(forms) == {"en", "ja"}, key
        assert forms["en"].strip() and forms["ja"].strip(), key
        assert fields(forms["en"]) == fields(forms["ja"]), key
        assert not JAPANESE.search(forms["en"]), key
        assert english_words(re.sub(r"\{[^}]*\}", "", forms["ja"])) == [], key


def test_every_key_the_rules_use_is_in_the_catalogue():
    used = set()
    for path in (ROOT / "engine").rglob("*.py"):
        used |= set(re.findall(r'Msg\(\s*"([\w.]+)"', path.read_text(encoding="utf-8")))
    assert used, "the rules name their messages by key"
    assert used <= set(CATALOGUE), used - set(CATALOGUE)
    assert set(CATALOGUE) <= used, set(CATALOGUE) - used     # no dead entries


def test_a_msg_is_its_english_sentence_and_says_itself_in_japanese():
    reason = Msg("play.costs", cost=8, have=1)
    assert reason == "Costs 8 souls; you have 1 standing."           # what the rules and older tests compare
    assert Msg("play.costs", cost=1, have=0) == "Costs 1 soul; you have 0 standing."
    assert reason.text("ja") == "コストはソウル8枚です。スタンド状態のソウルは1枚です。"
    assert say(reason, "ja") == reason.text("ja") and say("plain", "ja") == "plain"
    assert render("no.such.key", {}, "ja") == "no.such.key"


def test_a_prompt_names_the_card_asking_and_quotes_its_ability():
    """Not "Choose: choose up to 1 card from your hand." but which card's ability asks, and why."""
    prompt = Msg("prompt.discard_hand", card=FOXPARKS, ability=(FOXPARKS, 0))
    from engine.model.carddb import CARDS
    name, ability = CARDS[FOXPARKS].full_name_in("en"), CARDS[FOXPARKS].abilities[0].text("en")
    assert prompt.startswith(f"{name}'s ability: ") and prompt.endswith(f"(Ability: {ability})")
    assert prompt.text("ja").startswith(CARDS[FOXPARKS].full_name_in("ja") + "の能力：")


def test_game_words_exist_in_both_languages():
    en, ja = all_words("en"), all_words("ja")
    assert en.keys() == ja.keys() and en["keyword"]["interrupt"] == "Interrupt" and ja["type"]["pal"] == "パル"
    for kind in en:
        assert en[kind].keys() == ja[kind].keys()
        for word, said in ja[kind].items():
            assert english_words(said) == [], (kind, word, said)


def test_narration_names_the_seats_and_the_reader_as_you():
    names = ("You", "Computer")
    say_en = lambda kind, data, rule="": narrate(Event(kind, data, rule), "en", names, 0)  # noqa: E731
    assert say_en("first_player", {"player": 0}) == "You go first."
    assert say_en("first_player", {"player": 1}) == "Computer goes first."
    assert say_en("attack", {"player": 1, "target": None, "number": FOXPARKS}).endswith(" attacks you.")
    assert say_en("draw", {"player": 0, "count": 1}) == "You draw 1 card."
    assert say_en("draw", {"player": 1, "count": 2}) == "Computer draws 2 cards."
    assert say_en("soul_gain", {"player": 0, "count": 1}) == "You gain 1 soul."
    assert say_en("turn_start", {"player": 0, "turn": 2}) == "Turn 2: your turn begins."
    assert say_en("game_over", {"winner": 0, "reason": "life"}) == "You win (life reached 0)."
    ja = narrate(Event("first_player", {"player": 0}, ""), "ja", ("あなた", "コンピューター"), 0)
    assert ja == "あなたが先攻。"
    # without names: the numbered seats, as before
    assert narrate(Event("first_player", {"player": 1}, ""), "en") == "Player 2 goes first."


def random_games(count: int):
    """Random games (random decks, random legal choices); yields each game at each decision."""
    for seed in range(count):
        rng = random.Random(seed)
        g = Game.new(random_deck(rng), random_deck(rng), seed=seed)
        for _ in range(400):
            if g.decision is None:
                break
            yield g
            options = g.decision.options
            ends = [a for a in options if a.text != "end"]
            g.apply(rng.choice(ends if ends and rng.random() < 0.7 else options))


@pytest.mark.parametrize("chunk", range(4))
def test_every_reason_and_prompt_of_random_games_is_said_in_japanese(chunk):
    """Over many random games every prompt and every reason is a Msg whose Japanese has no English word,
    and whose English has no Japanese; the log narrated for each seat likewise."""
    seen_keys: set[str] = set()
    games = list(range(chunk * 10, chunk * 10 + 10))
    for seed in games:
        rng = random.Random(seed)
        g = Game.new(random_deck(rng), random_deck(rng), seed=seed)
        for _ in range(400):
            d = g.decision
            if d is None:
                break
            texts = [d.prompt] + [reason for _, reason in d.rejections()]
            for text in texts:
                assert isinstance(text, Msg), (d.kind, text)
                seen_keys.add(text.key)
                assert english_words(text.text("ja")) == [], (text.key, text.text("ja"))
                assert not JAPANESE.search(text), (text.key, str(text))
            for label in d.params.get("modes", []) + d.params.get("abilities", []):
                assert isinstance(label, Msg), label
                assert english_words(label.text("ja")) == [], label.text("ja")
            ends = [a for a in d.options if a.text != "end"]
            g.apply(rng.choice(ends if ends and rng.random() < 0.7 else d.options))
        for event in g.log:
            for seat in (0, 1):
                line = narrate(Event(event.kind, event.data, event.rule), "ja", ("あなた", "コンピューター"), seat)
                assert english_words(line) == [], line
                assert not JAPANESE.search(narrate(event, "en", ("You", "Computer"), seat)), event.kind
    assert {"prompt.main", "prompt.redraw"} <= seen_keys


def test_the_host_sends_prompts_and_reasons_in_both_languages():
    host = playmat_host.Host()
    decks = list(host.decks())
    state = host.new_game({"mode": "computer", "deck0": decks[0], "deck1": decks[-1], "seed": 3, "first": 0})
    decision = state["decision"]
    assert decision["prompt_text"]["en"] == decision["prompt"]
    assert english_words(decision["prompt_text"]["ja"]) == []
    while state["decision"] and state["decision"]["kind"] != "main":
        state = host.act(state["decision"]["options"][0]["action"]) if not state["computer_to_act"] else host.computer_step()
    for item in state["decision"]["rejected"]:
        assert item["why_text"]["en"] == item["why"] and english_words(item["why_text"]["ja"]) == []
    for card_id, reason in state["hand_why"].items():
        assert state["hand_why_text"][card_id]["en"] == reason
    texts = [entry["text"]["en"] for entry in state["log"]]
    assert any(text.startswith("You ") for text in texts), texts     # the log names the human "You"
    assert not any("Player 1" in text for text in texts)
    assert host.hello()["words"]["ja"]["keyword"]["brave"] == "勇敢"
