// The card index shared by the gallery and the deck builder, read once per page: the catalogue plus the gallery's
// facts, which the build wrote as data/card-extras.json (no Python needed); from the host if that cannot be read.

import { buildIndex } from "../cardindex.js";
import { R } from "../protocol.js";
import { t } from "../i18n.js";
import { el } from "../dom.js";

let loading = null;

/** {index, byNumber, extras} for every card (the catalogue plus the host's gallery extras). */
export function cardData(context) {
  loading ??= fetch("data/card-extras.json").then((response) => (response.ok ? response.json() : null)).catch(() => null)
    .then((extras) => extras ?? context.call(R.DECKS_CARDS)).then((extras) => {
    const index = buildIndex(context.catalog, extras);
    return { index, extras, byNumber: new Map(index.map((card) => [card.number, card])) };
  }).catch((error) => {
    loading = null;   // try again next time
    throw error;
  });
  return loading;
}

/** The card data for a screen, or null once ``section`` says why it could not be loaded. */
export async function cardDataIn(section, context) {
  try {
    return await cardData(context);
  } catch (error) {
    section.replaceChildren(el("p", { class: "error", role: "alert", text: t("galleryError", { error: error.message }) }));
    return null;
  }
}
