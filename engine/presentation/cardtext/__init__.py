"""Card text by language: one module per language, each a table of phrases keyed by the vocabulary's words.

Each language module also names its ``GRAMMAR`` (``grammar_<lang>.py``): how its phrases are put together.

``texts(lang)`` gives a language's tables; ``check()`` fails loudly when a registered word has no text in some
language (or a language says a word nobody registered). Importing the presentation layer runs the check."""
from __future__ import annotations

from importlib import import_module
from types import ModuleType

from ... import rules  # noqa: F401  (registers the whole vocabulary, whose text is checked here)
from ...model.abilities import AMOUNTS, CONDITIONS, CONTINUOUS, COSTS, FILTERS, KEYWORDS, TRIGGERS, VERBS
from ..languages import LANGS

# one module per language, named by its code: adding a language is adding its module (and its catalogue)
MODULES: dict[str, ModuleType] = {lang: import_module(f"{__name__}.{lang}") for lang in LANGS}

# each table of a language module, and the words it must say
TABLES = {"VERBS": VERBS, "CONDITIONS": CONDITIONS, "FILTERS": FILTERS, "AMOUNTS": AMOUNTS, "TRIGGERS": TRIGGERS,
          "COSTS": COSTS, "CONTINUOUS": CONTINUOUS}
PHRASES = ("choice", "may", "steps", "skill")
WORD_KINDS = ("type", "color", "keyword", "zone", "counter")
GRAMMAR = ("KIND", "FROM_HAND", "QUICK", "ONCE_PER_TURN", "CONT_SUBJECT", "CONT_SEP", "join", "conditional",
           "lasting", "trigger", "cost", "costs", "keyword", "ability", "body")


class MissingText(LookupError):
    """A word of the vocabulary (or a phrase a message quotes) has no text in some language."""


def texts(lang: str) -> ModuleType:
    """The card-text module of ``lang``: ``VERBS``, ``CONDITIONS``, ... ``PHRASES`` and ``WORDS`` tables."""
    try:
        return MODULES[lang]
    except KeyError:
        raise MissingText(f"no card text in language {lang!r} (known: {', '.join(MODULES)})") from None


def problems() -> list[str]:
    """Every word or phrase that some language does not say, and every text for a word nobody registered."""
    out: list[str] = []
    for lang, module in MODULES.items():
        for table, registry in TABLES.items():
            said = getattr(module, table)
            out += [f"{lang}: {table} has no text for '{w}'" for w in sorted(set(registry) - set(said))]
            out += [f"{lang}: {table} says '{w}', which is not a registered word" for w in sorted(set(said) - set(registry))]
        out += [f"{lang}: PHRASES has no '{p}'" for p in PHRASES if p not in module.PHRASES]
        out += [f"{lang}: WORDS has no '{k}'" for k in WORD_KINDS if k not in module.WORDS]
        out += [f"{lang}: GRAMMAR has no '{g}'" for g in GRAMMAR if not hasattr(module.GRAMMAR, g)]
        out += [f"{lang}: no name for keyword '{k}'" for k in sorted(set(KEYWORDS) - set(module.WORDS["keyword"]))]
    return out


def check() -> None:
    """Fail loudly (``MissingText``) when any language lacks the text of a registered word."""
    found = problems()
    if found:
        raise MissingText("card text incomplete: " + "; ".join(found))
