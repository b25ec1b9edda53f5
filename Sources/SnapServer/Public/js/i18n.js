// The page's language: which one to show (the player's choice, else the browser's, else English), its catalogue
// of texts by key (served at /i18n/<tag>.json, only the chosen one fetched), and formatting through Intl. No DOM,
// so it runs under `node --test`; localize.js fills the page's static text and builds the language chooser.
//
// A catalogue is a flat JSON object: key → text, or key → plural forms ({"one": …, "other": …}), with
// placeholders in braces ("{name}'s turn"). docs/TRANSLATIONS.md says how to add a key or a language.

/** The languages the page speaks: BCP 47 tag, native name, and the locale Intl formats with. */
export const LANGUAGES = [
  // English dates and numbers as in Britain ("3 Nov 14:05"), as the page always wrote them.
  { tag: "en", name: "English", locale: "en-GB" },
  { tag: "nl", name: "Nederlands", locale: "nl" },
  { tag: "de", name: "Deutsch", locale: "de" },
  { tag: "fr", name: "Français", locale: "fr" },
  { tag: "es", name: "Español", locale: "es" },
  { tag: "pt-BR", name: "Português (Brasil)", locale: "pt-BR" },
  { tag: "ja", name: "日本語", locale: "ja" },
];

/** The language shown when nothing else fits. */
export const FALLBACK = "en";

/** Where the player's choice is remembered (localStorage). */
export const STORAGE_KEY = "snap.language";

/**
 * The plural forms a catalogue must give in each language. Intl.PluralRules may answer "many" in French, Spanish
 * and Portuguese for a million and up; a missing form falls back to "other".
 */
export const PLURAL_FORMS = {
  en: ["one", "other"], nl: ["one", "other"], de: ["one", "other"], fr: ["one", "other"],
  es: ["one", "other"], "pt-BR": ["one", "other"], ja: ["other"],
};

/** The language of `tag` among ours, matched loosely: "de-AT" is German, "pt" and "pt-PT" Brazilian; or null. */
export function matchLanguage(tag) {
  if (typeof tag !== "string" || tag.trim() === "") return null;
  const wanted = tag.trim().replace(/_/g, "-").toLowerCase();
  const exact = LANGUAGES.find((language) => language.tag.toLowerCase() === wanted);
  if (exact) return exact.tag;
  const base = wanted.split("-")[0];
  return LANGUAGES.find((language) => language.tag.split("-")[0].toLowerCase() === base)?.tag ?? null;
}

/** The language to show: the `stored` choice if it is one of ours, else the first of `preferred` we speak. */
export function chooseLanguage(stored, preferred = []) {
  const chosen = matchLanguage(stored);
  if (chosen) return chosen;
  for (const tag of preferred ?? []) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return FALLBACK;
}

/** The placeholders of a text, sorted: "{name} has {count}" → ["count", "name"]. */
export function placeholders(text) {
  return [...new Set([...String(text).matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)].map((match) => match[1]))].sort();
}

/** One language's texts, with the formatting of its locale. */
export class Catalogue {
  #entries;
  #plurals;
  #numbers;

  /** The catalogue of language `tag` (one of LANGUAGES), from its parsed JSON `entries`. */
  constructor(tag, entries) {
    this.tag = tag;
    this.locale = LANGUAGES.find((language) => language.tag === tag)?.locale ?? tag;
    this.#entries = entries;
    this.#plurals = new Intl.PluralRules(this.locale);
    this.#numbers = new Intl.NumberFormat(this.locale);
  }

  /** Whether the catalogue has `key`. */
  has(key) {
    return Object.hasOwn(this.#entries, key);
  }

  /** The keys, in the file's order. */
  get keys() {
    return Object.keys(this.#entries);
  }

  /**
   * The text of `key` with `args` put in its placeholders (numbers formatted for the locale); a plural entry
   * picks its form by `args.count`. A key the catalogue lacks comes back as itself, for all to see.
   */
  text(key, args = {}) {
    const entry = this.#entries[key];
    if (entry === undefined) return key;
    let text = entry;
    if (typeof entry === "object" && entry !== null) {
      text = entry[this.#plurals.select(Number(args.count ?? 0))] ?? entry.other;
    }
    return String(text).replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (whole, name) => {
      const value = args[name];
      if (value === undefined || value === null) return whole;
      return typeof value === "number" ? this.#numbers.format(value) : String(value);
    });
  }

  /** A number as the locale writes it ("1,234", "1.234"); `options` as Intl.NumberFormat takes them. */
  number(value, options = undefined) {
    return options ? new Intl.NumberFormat(this.locale, options).format(value) : this.#numbers.format(value);
  }

  /** "a, b and c" in the locale's words. */
  list(items) {
    return new Intl.ListFormat(this.locale, { type: "conjunction" }).format(items);
  }

  /** The parts of a list, for lists of links: `[{type: "element" | "literal", value}]`. */
  listParts(items) {
    return new Intl.ListFormat(this.locale, { type: "conjunction" }).formatToParts(items);
  }

  /** A date or time through Intl.DateTimeFormat. */
  date(date, options) {
    return new Intl.DateTimeFormat(this.locale, options).format(date);
  }

  /** "today", "yesterday", "in 3 days" through Intl.RelativeTimeFormat. */
  relative(value, unit) {
    return new Intl.RelativeTimeFormat(this.locale, { numeric: "auto" }).format(value, unit);
  }
}

// The page shows one language at a time: the catalogue loaded at start (localize.js) is the one every text reads.
let current = new Catalogue(FALLBACK, {});

/** Makes `catalogue` the one every text reads. */
export function useCatalogue(catalogue) {
  current = catalogue;
}

/** The catalogue in use. */
export function catalogue() {
  return current;
}

/** The text of `key` in the page's language (Catalogue.text). */
export function t(key, args = {}) {
  return current.text(key, args);
}

/** The address of language `tag`'s catalogue. */
export const cataloguePath = (tag) => `/i18n/${tag}.json`;

/** Fetches and parses the catalogue of `tag`. */
export async function fetchCatalogue(tag, fetcher = globalThis.fetch) {
  const response = await fetcher(cataloguePath(tag));
  if (!response.ok) throw new Error(`the catalogue ${tag} answered ${response.status}`);
  return new Catalogue(tag, await response.json());
}
