/**
 * How a question becomes search terms, shared by the server's index and the browser's offline one
 * so both match the same words: words folded (case, diacritics), stop words and question words
 * dropped, each reduced by a light English stemmer ("whales", "whaling" → "whal"). The index holds
 * the same stems, so a match and its highlight agree.
 */

/** Words that say nothing about which passage answers: articles, pronouns, auxiliaries, question words. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in ' +
    'into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same ' +
    'she should so some such than that the their theirs them themselves then there these they this those through to too under until up ' +
    'very was we were what when where which while who whom why will with would you your yours yourself yourselves tell happen happens ' +
    'happened book chapter story say says said one ever also us let get got thing things much many whose does'
  ).split(' '),
);

const MAX_TERMS = 16;
const MIN_STEM = 3;

/** Lower case without diacritics ("Fête" → "fete"). */
export function fold(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** The words of a text, in order, with their offsets. */
function wordsOf(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

const VOWEL = /[aeiouy]/;

/**
 * A light English stemmer: plurals, -ing, -ed, -ly, -ness and a final e, with the double consonant
 * an ending leaves ("harpooning", "harpooned", "harpoons" → "harpoon"; "stopped" → "stop"). Not
 * Porter's: it only needs to make the forms of one word meet, the same way on both sides.
 */
export function stem(folded: string): string {
  let w = folded.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.length <= MIN_STEM) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ness', 'ingly', 'ing', 'edly', 'ed', 'ly']) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= MIN_STEM && VOWEL.test(base)) {
      w = base;
      if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith('y') && w.length >= 4 && !VOWEL.test(w[w.length - 2]!)) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Terms of words already seen: a book repeats a vocabulary of some thousands of words. */
const termMemo = new Map<string, string | null>();
const TERM_MEMO_MAX = 50_000;

/** A word as the index holds it, or null for a stop word. */
function termOf(word: string): string | null {
  const known = termMemo.get(word);
  if (known !== undefined) return known;
  const folded = /^[A-Za-z0-9]*$/.test(word) ? word.toLowerCase() : fold(word);
  const term = STOP_WORDS.has(folded) || folded.length < 2 ? null : stem(folded);
  if (termMemo.size >= TERM_MEMO_MAX) termMemo.clear();
  termMemo.set(word, term);
  return term;
}

/** The index's text of a passage: its terms, space separated (stop words left out). */
export function indexText(text: string): string {
  const out: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    const term = termOf(word);
    if (term) out.push(term);
  }
  return out.join(' ');
}

/** The distinct terms of a question, in the order asked. */
export function questionTerms(question: string): string[] {
  const terms = new Set<string>();
  for (const { word } of wordsOf(question)) {
    const term = termOf(word);
    if (term) terms.add(term);
    if (terms.size >= MAX_TERMS) break;
  }
  return [...terms];
}

/** Offsets [start, end) of the words of `text` that match one of `terms`, for <mark>. */
export function highlightRanges(text: string, terms: readonly string[]): [number, number][] {
  const wanted = new Set(terms);
  return wordsOf(text)
    .filter(({ word }) => {
      const term = termOf(word);
      return term !== null && wanted.has(term);
    })
    .map(({ start, end }) => [start, end]);
}
