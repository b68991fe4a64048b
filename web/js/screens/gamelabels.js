// How the saved-games screens name a stored game: its decks, its players, its result.

import { t, lang } from "../i18n.js";

/** A deck as a stored summary names it (a shipped deck, a pasted code's colours, a scenario's). */
export function deckLabel(deck) {
  if (!deck) return "?";
  if (deck.id === "scenario") return t("scenarioDeck");
  if (deck.id === "custom") return t("customDeck", { colours: deck.colours.join("/") });
  return deck.name?.[lang()] || deck.name?.en || deck.id;
}

/** A player of a stored game: the name a link carried, You/Computer, or Player 1/2. */
export function seat(n, summary) {
  if (summary.names?.[n]) return summary.names[n];   // names the players typed, carried by a link
  if (summary.mode === "computer") return n === summary.human ? t("you") : t("computer");
  return n === 0 ? t("player1") : t("player2");
}

/** Who won, a draw, or not finished. */
export function resultLabel(summary) {
  if (!summary.finished) return t("unfinished");
  return summary.winner === null ? t("resultDraw") : t("resultWin", { player: seat(summary.winner, summary) });
}

/** "Deck A vs Deck B". */
export function describe(entry) {
  const s = entry.summary;
  return t("versus", { a: deckLabel(s.decks[0]), b: deckLabel(s.decks[1]) });
}
