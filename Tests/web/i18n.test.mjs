// The page's languages (i18n.js): which one a player gets, plurals and numbers through Intl, and the catalogues
// themselves — every one has exactly the English keys, the same placeholders and its language's plural forms, and
// every key the page's code and HTML use is in them. Run with `node --test Tests/web/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import {
  Catalogue, LANGUAGES, PLURAL_FORMS, chooseLanguage, fetchCatalogue, matchLanguage, placeholders, t, useCatalogue,
} from "../../Sources/SnapServer/Public/js/i18n.js";
import { cardName } from "../../Sources/SnapServer/Public/js/card_faces.js";
import { STATUS, marginText } from "../../Sources/SnapServer/Public/js/words.js";
import { lengthText, reactionText, whenText } from "../../Sources/SnapServer/Public/js/history_words.js";
import { readCatalogue, speak } from "./catalogues.mjs";

const PUBLIC = new URL("../../Sources/SnapServer/Public/", import.meta.url);
const TAGS = LANGUAGES.map((language) => language.tag);

test("the seven languages, by their own names", () => {
  assert.deepEqual(TAGS, ["en", "nl", "de", "fr", "es", "pt-BR", "ja"]);
  assert.deepEqual(LANGUAGES.map((language) => language.name),
    ["English", "Nederlands", "Deutsch", "Français", "Español", "Português (Brasil)", "日本語"]);
});

test("the player's choice comes first, then the browser's languages, then English", () => {
  assert.equal(chooseLanguage("ja", ["de-DE", "en"]), "ja");
  assert.equal(chooseLanguage(null, ["it-IT", "de-AT", "en"]), "de");
  assert.equal(chooseLanguage("xx", ["pt-PT"]), "pt-BR", "a choice we do not know is ignored; pt is Brazilian");
  assert.equal(chooseLanguage(null, ["zh-CN", "ko"]), "en");
  assert.equal(chooseLanguage(null, undefined), "en");
  assert.equal(matchLanguage("PT-br"), "pt-BR");
  assert.equal(matchLanguage("nl_BE"), "nl");
  assert.equal(matchLanguage(""), null);
});

test("plurals follow each language's rules through Intl.PluralRules", () => {
  const say = (tag, count) => new Catalogue(tag, readCatalogue(tag)).text("table.cards", { count });
  assert.deepEqual([0, 1, 2].map((count) => say("en", count)), ["0 cards", "1 card", "2 cards"]);
  assert.deepEqual([0, 1, 2].map((count) => say("de", count)), ["0 Karten", "1 Karte", "2 Karten"]);
  assert.deepEqual([0, 1, 2].map((count) => say("fr", count)), ["0 carte", "1 carte", "2 cartes"], "French 0 is singular");
  assert.deepEqual([0, 1, 2].map((count) => say("pt-BR", count)), ["0 carta", "1 carta", "2 cartas"]);
  assert.deepEqual([1, 2].map((count) => say("ja", count)), ["1枚", "2枚"]);
  // CLDR's "many" (a million and up in French) falls back to "other".
  assert.match(say("fr", 1_000_000), /^1\s000\s000 cartes$/u);
});

test("numbers are written as the language writes them", () => {
  assert.equal(speak("en").text("table.cards", { count: 1234 }), "1,234 cards");
  assert.equal(speak("de").text("table.cards", { count: 1234 }), "1.234 Karten");
  speak("de");
  assert.equal(reactionText(1234), "1,2 s");
  assert.equal(marginText("Ann", 60_000_000), "Snap! – Ann, 60.000 ms schneller");
  speak("en");
  assert.equal(reactionText(1234), "1.2 s");
});

test("dates and times go through Intl in the page's language", () => {
  const now = new Date(2026, 10, 23, 22, 0);
  const at = (...parts) => new Date(...parts).toISOString();
  speak("de");
  assert.equal(whenText(at(2026, 10, 23, 9, 5), now), "heute, 09:05");
  assert.equal(whenText(at(2026, 10, 22, 23, 59), now), "gestern, 23:59");
  speak("ja");
  assert.equal(whenText(at(2026, 10, 22, 23, 59), now), "昨日 23:59");
  assert.equal(whenText(at(2025, 0, 9, 14, 5), now), "2025年1月9日");
  assert.equal(lengthText(245), "4分05秒");
  speak("fr");
  assert.equal(whenText(at(2026, 10, 23, 9, 5), now), "aujourd’hui à 09:05");
  speak("en");
});

test("the status lines read as a native speaker says them at a card table", () => {
  const line = (tag, kind, name, options) => {
    speak(tag);
    return STATUS[kind](name, options);
  };
  assert.equal(line("de", "yourTurn"), "Du bist dran. Tipp auf den Stapel.");
  assert.equal(line("nl", "yourTurn"), "Jij bent aan de beurt. Tik op de stapel.");
  assert.equal(line("fr", "yourTurn"), "À toi de jouer. Touche la pile.");
  assert.equal(line("es", "yourTurn"), "Te toca. Toca el montón.");
  assert.equal(line("pt-BR", "yourTurn"), "Sua vez. Toque no monte.");
  assert.equal(line("ja", "yourTurn"), "あなたの番です。山をタップ。");
  assert.equal(line("de", "playersTurn", "Lucy"), "Lucy ist dran");
  assert.equal(line("de", "mustPay", "Du", { you: true }), "Du musst zahlen");
  assert.equal(line("ja", "winner", "Lucy"), "Lucyがラウンドに勝ちました！");
  for (const tag of TAGS) assert.match(line(tag, "suddenDeath"), /Snap!/, `${tag} keeps "Snap!" as the game's call`);
  speak("en");
});

test("cards are named in the page's language", () => {
  const queen = { suit: 2, value: 12 };
  const seven = { suit: 0, value: 7 };
  const names = (tag) => {
    speak(tag);
    return [cardName(queen), cardName(seven)];
  };
  assert.deepEqual(names("en"), ["Queen of hearts", "7 of clubs"]);
  assert.deepEqual(names("de"), ["Herz Dame", "Kreuz 7"]);
  assert.deepEqual(names("fr"), ["Dame de cœur", "7 de trèfle"]);
  assert.deepEqual(names("ja"), ["ハートのクイーン", "クラブの7"]);
  speak("en");
});

test("a missing key shows itself, a missing argument stays a placeholder, and only the chosen catalogue is fetched", async () => {
  const catalogue = new Catalogue("en", { greeting: "Hello, {name}!" });
  assert.equal(catalogue.text("nowhere"), "nowhere");
  assert.equal(catalogue.text("greeting"), "Hello, {name}!");
  assert.deepEqual(placeholders("{name} has {count} cards, {name}"), ["count", "name"]);
  const asked = [];
  const fetcher = async (path) => {
    asked.push(path);
    return { ok: true, status: 200, json: async () => readCatalogue("nl") };
  };
  const dutch = await fetchCatalogue("nl", fetcher);
  assert.deepEqual(asked, ["/i18n/nl.json"]);
  useCatalogue(dutch);
  assert.equal(t("status.dealing"), "Er wordt gedeeld…");
  speak("en");
});

// MARK: The catalogues themselves

const english = readCatalogue("en");

test("every catalogue has exactly the English keys", () => {
  for (const tag of TAGS) {
    const keys = Object.keys(readCatalogue(tag));
    const missing = Object.keys(english).filter((key) => !keys.includes(key));
    const extra = keys.filter((key) => !(key in english));
    assert.deepEqual(missing, [], `${tag}.json lacks keys English has`);
    assert.deepEqual(extra, [], `${tag}.json has keys English lacks`);
  }
});

test("every text has the English placeholders, and plurals the forms their language needs", () => {
  const named = (entry) => [...new Set(Object.values(typeof entry === "string" ? { other: entry } : entry)
    .flatMap(placeholders))].sort();
  for (const tag of TAGS) {
    const catalogue = readCatalogue(tag);
    for (const [key, entry] of Object.entries(catalogue)) {
      if (!(key in english)) continue;
      assert.deepEqual(named(entry), named(english[key]), `${tag} ${key}`);
      const plural = typeof english[key] === "object";
      assert.equal(typeof entry === "object", plural, `${tag} ${key}: plural in English ${plural}`);
      if (plural) assert.deepEqual(Object.keys(entry).sort(), [...PLURAL_FORMS[tag]].sort(), `${tag} ${key}`);
      for (const text of Object.values(typeof entry === "string" ? { entry } : entry)) {
        assert.ok(text.trim() !== "", `${tag} ${key} is empty`);
      }
    }
  }
});

test("no catalogue leaves a text in English by mistake", () => {
  for (const tag of TAGS.filter((tag) => tag !== "en")) {
    const catalogue = readCatalogue(tag);
    const same = Object.keys(english).filter((key) => typeof english[key] === "string" && english[key] === catalogue[key]
      && /[a-z]{4}/.test(english[key].replace(/\{[^}]*\}|Snap!|Enter|ms/g, "")));
    // Words that are the same in a few languages.
    const alike = new Set(["tag.offline", "replay.title", "replay.pause", "rounds.replay", "tag.computer", "history.pages",
      "replay.computer", "replay.computer.level", "table.code", "rounds.table", "level.normal"]);
    assert.deepEqual(same.filter((key) => !alike.has(key)), [], `${tag}: texts identical to English`);
  }
});

// MARK: Every key the page uses is in the catalogue, and every key is used

/** The page's JavaScript and HTML, as text. */
function sources() {
  const files = [];
  const walk = (url) => {
    for (const entry of readdirSync(url, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, url));
      else if (/\.(js|html|css)$/.test(entry.name)) files.push({ name: entry.name, text: readFileSync(new URL(entry.name, url), "utf8") });
    }
  };
  walk(PUBLIC);
  return files;
}

/** Keys built at run time from a prefix: card values and suits, errors by code, refusals, the replay's facts. */
const DYNAMIC = [/^card\.value\.\d+$/, /^card\.suit\./, /^error\.\d+$/, /^join\.refused\.\d+$/,
  /^replay\.(played|length|winner|calls)$/, /^level\./];

test("every key the code and HTML name is in the English catalogue, and every English key is used", () => {
  const prefixes = new Set(Object.keys(english).map((key) => key.split(".")[0]));
  const used = new Set();
  for (const { name, text } of sources()) {
    for (const match of text.matchAll(/["'`]([a-zA-Z]+\.[A-Za-z0-9.]+)["'`]/g)) {
      const key = match[1];
      if (!prefixes.has(key.split(".")[0]) || /\.(js|css|html|json|svg)$/.test(key)) continue;
      used.add(key);
      assert.ok(key in english, `${name} uses ${key}, which en.json lacks`);
    }
  }
  const unused = Object.keys(english).filter((key) => !used.has(key) && !DYNAMIC.some((pattern) => pattern.test(key)));
  assert.deepEqual(unused, [], "keys no code or HTML uses");
});

// MARK: Filling the HTML's static text (localize.js, on a stand-in for the DOM)

/** An element with just what fillText and fillSlots use. */
function element(attributes = {}, children = []) {
  return {
    attributes: { ...attributes },
    children,
    dataset: Object.fromEntries(Object.entries(attributes).filter(([name]) => name.startsWith("data-"))
      .map(([name, value]) => [name.slice(5).replace(/-([a-z])/g, (_, letter) => letter.toUpperCase()), value])),
    getAttribute(name) { return this.attributes[name] ?? null; },
    setAttribute(name, value) { this.attributes[name] = value; },
    replaceChildren(...nodes) { this.children = nodes; },
    /** Only the selectors fillText asks for: [data-i18n], [data-i18n-slot] and [data-i18n-<attribute>]. */
    querySelectorAll(selector) {
      const name = selector.slice(1, -1);
      const all = [];
      const walk = (node) => {
        for (const child of node.children ?? []) {
          if (typeof child !== "object") continue;
          if (name in child.attributes) all.push(child);
          walk(child);
        }
      };
      walk(this);
      return all;
    },
  };
}

test("the HTML's marked text and attributes are filled from the catalogue, a slot keeping its element", async () => {
  const { fillText } = await import("../../Sources/SnapServer/Public/js/localize.js");
  speak("de");
  const bold = element({ "data-i18n-slot": "snap" }, ["Snap!"]);
  const rules = element({ "data-i18n": "menu.howTo.rules" }, ["In turn, … hit ", bold, " (or Space) …"]);
  const mute = element({ "data-i18n-title": "sound.on", title: "Sound on (M)" });
  const name = element({ "data-i18n-placeholder": "menu.namePlaceholder", placeholder: "e.g. Ann" });
  const root = element({}, [rules, mute, name]);
  fillText(root);
  assert.equal(mute.attributes.title, "Ton an (M)");
  assert.equal(name.attributes.placeholder, "z. B. Anna");
  assert.ok(rules.children.includes(bold), "the bold Snap! is kept, not turned into text");
  assert.match(rules.children[0], /^Reihum im Uhrzeigersinn/);
  assert.match(rules.children.at(-1), /^ \(oder die Leertaste\)/);
  speak("en");
});
