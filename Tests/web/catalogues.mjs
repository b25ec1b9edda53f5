// The catalogues on disk (Sources/SnapLocalization/Catalogues), for tests: read one, or make it the page's.
import { readFileSync } from "node:fs";
import { Catalogue, useCatalogue } from "../../Sources/SnapServer/Public/js/i18n.js";

const FOLDER = new URL("../../Sources/SnapLocalization/Catalogues/", import.meta.url);

/** The parsed JSON of language `tag`'s catalogue. */
export function readCatalogue(tag) {
  return JSON.parse(readFileSync(new URL(`${tag}.json`, FOLDER), "utf8"));
}

/** Makes language `tag` (English unless said) the one every text reads, as the page does at start. */
export function speak(tag = "en") {
  const catalogue = new Catalogue(tag, readCatalogue(tag));
  useCatalogue(catalogue);
  return catalogue;
}
