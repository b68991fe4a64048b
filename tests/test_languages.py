"""Languages in one place: one list of languages, a message catalogue file and a card-text module per language
with every key in every language, and no language's words in the rules layer."""
from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from engine.model.abilities import VERBS
from engine.presentation import cardtext, messages
from engine.presentation.languages import LANGS

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "engine" / "presentation" / "catalogue"
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60\u3000-\u303f]")


def fields(template: str) -> set[str]:
    return {name.split(":")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_language_has_a_catalogue_file_and_nothing_else_does():
    assert sorted(p.stem for p in CATALOGUE.glob("*.json")) == sorted(LANGS)
    for lang in LANGS:
        assert json.loads((CATALOGUE / f"{lang}.json").read_text(encoding="utf-8"))["language"] == lang


def test_every_message_key_exists_in_every_language_with_the_same_parameters():
    files = {lang: json.loads((CATALOGUE / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
    keys = {lang: set(doc["messages"]) for lang, doc in files.items()}
    glue = {lang: set(doc["glue"]) for lang, doc in files.items()}
    for lang in LANGS:
        assert keys[lang] == keys["en"], (lang, keys[lang] ^ keys["en"])
        assert glue[lang] == glue["en"], (lang, glue[lang] ^ glue["en"])
        for key, template in files[lang]["messages"].items():
            assert template.strip(), (lang, key)
            assert fields(template) == fields(files["en"]["messages"][key]), (lang, key)
    assert set(messages.CATALOGUE) == keys["en"]


def test_every_word_of_the_vocabulary_has_card_text_in_every_language():
    assert cardtext.problems() == []
    assert set(cardtext.MODULES) == set(LANGS)


def test_a_word_without_text_in_some_language_fails_loudly():
    """Registering a verb and saying it in no language is an error the presentation layer reports by name."""
    VERBS.add("test_silent_verb", lambda g, ctx, s: None)
    try:
        with pytest.raises(cardtext.MissingText, match="en: VERBS has no text for 'test_silent_verb'"):
            cardtext.check()
        assert any("ja: VERBS has no text for 'test_silent_verb'" in p for p in cardtext.problems())
    finally:
        del VERBS["test_silent_verb"]
    cardtext.check()


def test_an_unknown_language_is_an_error_for_card_text_and_the_default_for_messages():
    with pytest.raises(cardtext.MissingText, match="no card text in language 'xx'"):
        cardtext.texts("xx")
    assert messages.render("play.main_phase", {}, "xx") == messages.render("play.main_phase", {}, "en")


def test_the_rules_layer_holds_no_japanese():
    found = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "engine" / "rules").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if JAPANESE.search(line)]
    assert found == []


def test_the_list_of_languages_is_written_once():
    """``LANGS`` is defined in engine/presentation/languages.py; everything else imports it."""
    defined = [f"{path.relative_to(ROOT)}:{n}"
               for folder in ("engine", "web/py", "tools")
               for path in sorted((ROOT / folder).rglob("*.py"))
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if re.match(r"\s*LANGS\s*(:[^=]*)?=", line)]
    assert defined == ["engine/presentation/languages.py:4"]
