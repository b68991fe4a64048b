// The card index shared by the gallery and the deck builder, fetched from the host once per page.

import { buildIndex } from "../cardindex.js";
import { R } from "../protocol.js";
import { t } from "../i18n.js";
import { el } from "../dom.js";

let loading = null;

/** {index, byNumber, extras} for every card (the catalogue plus the host's gallery extras). */
export function cardData(context) {
  loading ??= context.call(R.DECKS_CARDS).then((extras) => {
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
