// The page in its language: at start, choose the language (i18n.js), fetch its catalogue alone, set <html lang>,
// and fill the static text the HTML marks with data-i18n; and the menu's language chooser. The DOM half of
// i18n.js.

import {
  Catalogue, FALLBACK, LANGUAGES, STORAGE_KEY, catalogue, chooseLanguage, fetchCatalogue, t, useCatalogue,
} from "./i18n.js";

/** The attributes filled from the catalogue: `data-i18n-title="key"` fills `title`, and so on. */
const ATTRIBUTES = ["title", "aria-label", "placeholder", "alt"];

/** The browser's localStorage, or null where it is refused (some private modes throw on reading it). */
function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The language the player chose on the menu, or null. */
export function storedLanguage() {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Chooses the page's language, loads its catalogue (English when it cannot be had), sets `<html lang>` and fills
 * the static text of `doc`. Resolves with the catalogue; never rejects.
 */
export async function startLanguage(doc = document) {
  const tag = chooseLanguage(storedLanguage(), globalThis.navigator?.languages ?? []);
  let loaded;
  try {
    loaded = await fetchCatalogue(tag);
  } catch (error) {
    console.warn(`Snap!: the ${tag} texts could not be loaded:`, error.message);
    // The HTML's own English stands; what scripts write needs a catalogue all the same.
    const empty = new Catalogue(FALLBACK, {});
    loaded = tag === FALLBACK ? empty : await fetchCatalogue(FALLBACK).catch(() => empty);
  }
  useCatalogue(loaded);
  doc.documentElement.lang = loaded.tag;
  if (loaded.keys.length > 0) fillText(doc);
  delete doc.documentElement.dataset.language;
  return loaded;
}

/**
 * Fills every element of `root` marked `data-i18n="key"` with its text, and each `data-i18n-title` (and
 * aria-label, placeholder, alt) attribute. A text's `{slot}` keeps the element's child marked
 * `data-i18n-slot="slot"` (a word in bold, a link).
 */
export function fillText(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    const slots = Object.fromEntries([...element.querySelectorAll("[data-i18n-slot]")]
      .map((child) => [child.dataset.i18nSlot, child]));
    fillSlots(element, t(element.dataset.i18n), slots);
  }
  for (const name of ATTRIBUTES) {
    const data = `data-i18n-${name}`;
    for (const element of root.querySelectorAll(`[${data}]`)) element.setAttribute(name, t(element.getAttribute(data)));
  }
}

/** Puts `text` in `element`, with the nodes of `slots` where it names them (`{name}`); other text stays text. */
export function fillSlots(element, text, slots = {}) {
  const parts = text.split(/\{([A-Za-z][A-Za-z0-9]*)\}/);
  const nodes = parts.map((part, index) => (index % 2 === 1 && slots[part] ? slots[part] : part))
    .filter((part) => part !== "");
  element.replaceChildren(...nodes);
}

/**
 * Fills the language chooser `select` with the languages by their own names, the page's one chosen; picking
 * another remembers it and reloads the page, which keeps any seat (seat_tokens.js).
 */
export function buildLanguageChooser(select, reload = () => location.reload()) {
  if (!select) return;
  select.replaceChildren(...LANGUAGES.map(({ tag, name }) => {
    const option = select.ownerDocument.createElement("option");
    option.value = tag;
    option.lang = tag;
    option.textContent = name;
    option.selected = tag === catalogue().tag;
    return option;
  }));
  select.addEventListener("change", () => {
    try {
      storage()?.setItem(STORAGE_KEY, select.value);
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
    reload();
  });
}
