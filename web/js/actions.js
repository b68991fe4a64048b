// Readable labels for engine actions ("attack 12 player" -> "Foxparks attacks the opponent").

import { t, lang } from "./i18n.js";

/** Split an action text into its verb and arguments. */
export function parseAction(text) {
  const [verb, ...args] = text.trim().split(/\s+/);
  return { verb, args };
}

/** The card ids an action is about (the acting card first, then a target card). */
export function cardIdsOf(text) {
  const { verb, args } = parseAction(text);
  const ids = [];
  if (["play", "activate", "attack", "block", "pick"].includes(verb) && /^\d+$/.test(args[0] ?? "")) {
    ids.push(Number(args[0]));
  }
  if (verb === "attack" && /^\d+$/.test(args[1] ?? "")) ids.push(Number(args[1]));
  return ids;
}

/** A card's display name in the current language, from the id -> CARD map and the catalogue. */
export function cardName(id, cards, catalog) {
  const card = cards.get(Number(id));
  if (!card) return `#${id}`;
  const entry = catalog[card.number];
  return entry ? entry.name[lang()] || entry.name.en : card.name || card.number;
}

/** The label of one action text in the current language; `params` are the decision's (mode/ability labels). */
export function actionLabel(text, cards, catalog, params = {}) {
  const { verb, args } = parseAction(text);
  const name = (id) => cardName(id, cards, catalog);
  const costIndex = args.indexOf("cost");
  switch (verb) {
    case "first": case "second": case "redraw": case "keep":
    case "souldraw": case "end": case "pass": case "done": case "yes": case "no":
      return t(`act_${verb}`);
    case "play":
      return costIndex > 0 ? t("act_play_cost", { card: name(args[0]), k: Number(args[costIndex + 1]) + 1 }) : t("act_play", { card: name(args[0]) });
    case "activate": {
      const label = t("act_activate", { card: name(args[0]), n: Number(args[1]) + 1 });
      return costIndex > 0 ? `${label} ${t("act_cost_option", { k: Number(args[costIndex + 1]) + 1 })}` : label;
    }
    case "attack":
      return args[1] === "player"
        ? t("act_attack_player", { card: name(args[0]) })
        : t("act_attack_card", { card: name(args[0]), target: name(args[1]) });
    case "block":
      return t("act_block", { card: name(args[0]) });
    case "pick":
      if (params.abilities && !cards.has(Number(args[0]))) {
        const labels = (lang() === "ja" && params.abilities_ja) || params.abilities;
        return t("act_pick", { card: labels[Number(args[0])] ?? args[0] });
      }
      return cards.has(Number(args[0])) ? t("act_pick", { card: name(args[0]) }) : t("act_pick", { card: args.join(" ") });
    case "mode": {
      const label = t("act_mode", { k: Number(args[0]) + 1 });
      const detail = ((lang() === "ja" && params.modes_ja) || params.modes)?.[Number(args[0])];
      return detail ? `${label}: ${detail}` : label;
    }
    case "name": {
      const entry = catalog[args[0]];
      return t("act_name", { card: entry ? entry.name[lang()] || entry.name.en : params.names?.[args[0]] ?? args[0] });
    }
    case "x":
      return t("act_x", { n: args[0] });
    default:
      return text;
  }
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
