// The words of the decision on a board: option labels (from the host), prompts, reasons, seat phrases.

import { t, lang } from "./i18n.js";

/** A card's display name in the current language, from the id -> CARD map and the catalogue. */
export function cardName(id, cards, catalog) {
  const card = cards.get(Number(id));
  if (!card) return `#${id}`;
  const entry = catalog[card.number];
  return entry ? entry.name[lang()] || entry.name.en : card.name || card.number;
}

/** An option's label in the current language. The host sends every option as data, with its label from the
 * engine's presentation layer (engine/presentation/action_labels.py): in each language for the playmat (``label``:
 * {en, ja}), or already in the session's language for a lesson or a puzzle (``label``: text). */
export function optionLabel(option) {
  const label = option?.label;
  if (typeof label === "string") return label;
  return label?.[lang()] ?? label?.en ?? option?.action ?? "";
}

/** The prompt of a decision in the current language: the engine's own sentence (it names the card whose
 * ability asks and quotes that ability), sent by the host in every language. */
export function promptText(decision) {
  return decision.prompt_text?.[lang()] ?? decision.prompt_text?.en ?? decision.prompt ?? "";
}

/** Why an option is not possible now, in the current language (the engine's reason, in every language). */
export function reasonText(item) {
  return item.why_text?.[lang()] ?? item.why_text?.en ?? item.why ?? "";
}

/** A phrase about one seat that reads right for the reader: the `youKey` form for the human against the
 * computer ("Your deck", "You go first"), else the `otherKey` form with the seat's name ("Computer's deck"). */
export function seatPhrase(youKey, otherKey, seat, game, name) {
  const own = game.mode === "computer" && seat === (game.human ?? 0);
  return own ? t(youKey) : t(otherKey, { player: name });
}

/** The player an attack targets as the reader's board says it: "you" for the human, else the seat's name. */
export function attackedPlayer(ctx, name) {
  const seat = 1 - ctx.view.turn_player;
  return ctx.game.mode === "computer" && seat === ctx.game.human ? t("youObject") : name;
}
