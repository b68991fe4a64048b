// The card index shared by the gallery and the deck builder, fetched from the host once per page.

import { buildIndex } from "../cardindex.js";
import { R } from "../protocol.js";

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
