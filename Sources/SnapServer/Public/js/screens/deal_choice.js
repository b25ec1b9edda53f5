// Deal codes in the page: a typed code read with a reason in the page's language when it is none, and the
// history's page of a deal's rounds. The host plays a deal from the waiting room or the round-over banner.

import { DealCodeError, dealCodeText, parseDealCode } from "../deal_code.js";
import { t } from "../i18n.js";

/** A typed deal code read: `{deal}` as it is shown (K7M3-Q2PX), or `{problem}` saying what is wrong. */
export function readDeal(text) {
  try {
    return { deal: dealCodeText(parseDealCode(text)) };
  } catch (error) {
    if (!(error instanceof DealCodeError)) throw error;
    return {
      problem: error.reason === "length"
        ? t("deal.error.length", { count: error.count })
        : t("deal.error.character", { character: error.character }),
    };
  }
}

/** The history's page of every round dealt from `deal`, side by side. */
export function dealRoundsPath(deal) {
  return `/history?deal=${encodeURIComponent(deal)}`;
}
