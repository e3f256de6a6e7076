// Messages from catalogues: i18n/languages.json lists the languages (code, name, direction)
// and i18n/CODE.json holds each one's messages. A new language is a new catalogue and a
// line in languages.json; no code changes.
//
// A message is text with {name} placeholders. A message that depends on a count has forms
// under `key.one`, `key.other` (and `key.few`, `key.many`... as Intl.PluralRules names
// them for the language); t('key', { count }) picks the form. A missing message falls back
// to English, then to its key.

let languages = [];
let lang = 'en';
let messages = {};
let fallback = {};
let plural = new Intl.PluralRules('en');
const listeners = new Set();

async function loadJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

const base = new URL('../i18n/', import.meta.url);

/** The languages there are catalogues for: `[{ code, name, dir }]`. */
export function available() {
  return languages;
}

/** The language in use. */
export function language() {
  return lang;
}

/** The text direction of the language in use: 'ltr' or 'rtl'. */
export function direction() {
  return languages.find((l) => l.code === lang)?.dir ?? 'ltr';
}

/**
 * The catalogue to use for the browser's languages: the first of `preferred` (BCP 47 tags,
 * most wanted first) whose language has a catalogue, English otherwise.
 */
export function choose(preferred, codes = languages.map((l) => l.code)) {
  for (const tag of preferred ?? []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (codes.includes(code)) return code;
  }
  return codes.includes('en') ? 'en' : codes[0];
}

/** Loads the language list and the catalogue of `code` (or the browser's choice). */
export async function init(code) {
  languages = await loadJson(new URL('languages.json', base));
  fallback = await loadJson(new URL('en.json', base));
  await use(code && languages.some((l) => l.code === code) ? code : choose(navigator.languages ?? [navigator.language]));
}

/** Switches to the catalogue of `code`; the page's texts follow (see `onChange`). */
export async function use(code) {
  messages = code === 'en' ? fallback : await loadJson(new URL(`${code}.json`, base));
  lang = code;
  plural = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  document.documentElement.dir = direction();
  translate(document);
  for (const f of listeners) f();
}

/** Calls `f` after every change of language. */
export function onChange(f) {
  listeners.add(f);
}

function lookup(key) {
  return messages[key] ?? fallback[key];
}

/** The message `key` with `params` put in its placeholders. */
export function t(key, params = {}) {
  let text;
  if (typeof params.count === 'number') {
    text = lookup(`${key}.${plural.select(params.count)}`) ?? lookup(`${key}.other`);
  }
  text ??= lookup(key);
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? format(params[name]) : whole));
}

function format(value) {
  return typeof value === 'number' ? value.toLocaleString(lang) : String(value);
}

/**
 * Fills the texts of the elements under `root` from their data attributes:
 * `data-i18n` (text content), `data-i18n-label` (aria-label), `data-i18n-title` (title),
 * `data-i18n-placeholder` (placeholder).
 */
export function translate(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
}

/** A number with the language's digits and separators. */
export function number(value, options) {
  return new Intl.NumberFormat(lang, options).format(value);
}
