/**
 * CSS component values read as a browser reads them (CSS Syntax Level 3, §4 tokenization):
 * comments split tokens, escapes are decoded (`\75 rl(` is `url(`), `url(` is case-blind. postcss
 * keeps values as raw text, so the publisher-CSS sanitiser decides on these tokens instead and
 * writes the value back from them: what it checked is exactly what the reader's browser parses.
 */

export type CssToken =
  | { type: 'space' }
  /** Names are decoded: `function` is `url` for `U\72L(`; `at` is an at-keyword, `hash` a `#name`. */
  | { type: 'ident' | 'function' | 'at' | 'hash'; value: string }
  /** A quoted string, or the address of an unquoted `url(…)`, decoded. */
  | { type: 'string' | 'url'; value: string }
  /** A number, percentage or dimension: the ASCII number as written, the unit decoded. */
  | { type: 'number'; value: string; unit: string }
  /** One code point that is none of the above: punctuation, `(`, `)`, `,`, `/`… */
  | { type: 'delim'; value: string }
  /** A bad string or bad url, or a stray backslash: the browser drops what holds one. */
  | { type: 'bad' };

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n';
const isNameStart = (c: string | undefined) => c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isName = (c: string | undefined) => isNameStart(c) || isDigit(c) || c === '-';
const isEscape = (a: string | undefined, b: string | undefined) => a === '\\' && b !== '\n' && b !== undefined;
const isNonPrintable = (c: string) => {
  const code = c.charCodeAt(0);
  return code <= 0x08 || code === 0x0b || (code >= 0x0e && code <= 0x1f) || code === 0x7f;
};

export function tokenizeCss(source: string): CssToken[] {
  const s = [...source.replace(/\r\n?|\f/g, '\n').replace(/\0/g, '\uFFFD')];
  const tokens: CssToken[] = [];
  let i = 0;
  const startsIdent = (k: number) => {
    if (s[k] === '-') return isNameStart(s[k + 1]) || s[k + 1] === '-' || isEscape(s[k + 1], s[k + 2]);
    return isNameStart(s[k]) || isEscape(s[k], s[k + 1]);
  };
  const startsNumber = (k: number) => {
    const at = s[k] === '+' || s[k] === '-' ? k + 1 : k;
    return isDigit(s[at]) || (s[at] === '.' && isDigit(s[at + 1]));
  };
  const escape = (): string => {
    // i is past the backslash
    if (!isHex(s[i])) return s[i++] ?? '\uFFFD';
    let hex = '';
    while (hex.length < 6 && isHex(s[i])) hex += s[i++];
    if (isSpace(s[i])) i++;
    const code = parseInt(hex, 16);
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
  };
  const name = (): string => {
    let out = '';
    for (;;) {
      if (isName(s[i])) out += s[i++];
      else if (isEscape(s[i], s[i + 1])) {
        i++;
        out += escape();
      } else return out;
    }
  };
  const string = (quote: string): CssToken => {
    let out = '';
    for (;;) {
      const c = s[i++];
      if (c === undefined || c === quote) return { type: 'string', value: out };
      if (c === '\n') {
        i--;
        return { type: 'bad' };
      }
      if (c === '\\') {
        if (s[i] === undefined) continue;
        if (s[i] === '\n') i++;
        else out += escape();
      } else out += c;
    }
  };
  const badUrl = (): CssToken => {
    while (i < s.length && s[i] !== ')') {
      if (isEscape(s[i], s[i + 1])) i += 2;
      else i++;
    }
    i++;
    return { type: 'bad' };
  };
  const url = (): CssToken => {
    let out = '';
    while (isSpace(s[i])) i++;
    for (;;) {
      const c = s[i++];
      if (c === undefined || c === ')') return { type: 'url', value: out };
      if (isSpace(c)) {
        while (isSpace(s[i])) i++;
        if (s[i] === ')' || s[i] === undefined) continue;
        return badUrl();
      }
      if (c === '"' || c === "'" || c === '(' || isNonPrintable(c)) return badUrl();
      if (c === '\\') {
        if (!isEscape(c, s[i])) return badUrl();
        out += escape();
      } else out += c;
    }
  };
  const identLike = (): CssToken => {
    const value = name();
    if (s[i] !== '(') return { type: 'ident', value };
    i++;
    if (value.toLowerCase() !== 'url') return { type: 'function', value };
    let k = i;
    while (isSpace(s[k])) k++;
    // url("…") is a function holding a string; only the unquoted form is a url token.
    return s[k] === '"' || s[k] === "'" ? { type: 'function', value } : url();
  };
  const numeric = (): CssToken => {
    let value = '';
    if (s[i] === '+' || s[i] === '-') value += s[i++];
    while (isDigit(s[i])) value += s[i++];
    if (s[i] === '.' && isDigit(s[i + 1])) {
      value += s[i++];
      while (isDigit(s[i])) value += s[i++];
    }
    const e = s[i] === 'e' || s[i] === 'E' ? (isDigit(s[i + 1]) ? 1 : (s[i + 1] === '+' || s[i + 1] === '-') && isDigit(s[i + 2]) ? 2 : 0) : 0;
    if (e > 0) {
      value += s.slice(i, i + e + 1).join('');
      i += e + 1;
      while (isDigit(s[i])) value += s[i++];
    }
    if (startsIdent(i)) return { type: 'number', value, unit: name() };
    if (s[i] === '%') {
      i++;
      return { type: 'number', value, unit: '%' };
    }
    return { type: 'number', value, unit: '' };
  };

  while (i < s.length) {
    const c = s[i]!;
    if (c === '/' && s[i + 1] === '*') i = commentEnd(s, i);
    else if (isSpace(c)) {
      while (isSpace(s[i])) i++;
      tokens.push({ type: 'space' });
    } else if (c === '"' || c === "'") {
      i++;
      tokens.push(string(c));
    } else if (c === '#' && (isName(s[i + 1]) || isEscape(s[i + 1], s[i + 2]))) {
      i++;
      tokens.push({ type: 'hash', value: name() });
    } else if (c === '@' && startsIdent(i + 1)) {
      i++;
      tokens.push({ type: 'at', value: name() });
    } else if (startsNumber(i)) tokens.push(numeric());
    else if (startsIdent(i)) tokens.push(identLike());
    else if (c === '\\') {
      i++;
      tokens.push({ type: 'bad' });
    } else {
      i++;
      tokens.push({ type: 'delim', value: c });
    }
  }
  return tokens;
}

/** Index just past the `*\/` that closes the comment opening at `start`, or the end. */
function commentEnd(s: string[], start: number): number {
  for (let k = start + 2; k < s.length - 1; k++) if (s[k] === '*' && s[k + 1] === '/') return k + 2;
  return s.length;
}

/** An identifier written so that it reads back as the same single identifier. */
export function serializeIdent(value: string, { hash = false } = {}): string {
  return [...value]
    .map((c, k) => {
      const leadingDigit = !hash && isDigit(c) && (k === 0 || (k === 1 && value[0] === '-'));
      if (leadingDigit || !(isName(c) || c === '\uFFFD') || isNonPrintable(c)) return `\\${c.codePointAt(0)!.toString(16)} `;
      return c;
    })
    .join('');
}

export function serializeString(value: string): string {
  return `"${[...value].map((c) => (c === '"' || c === '\\' ? `\\${c}` : c === '\n' || isNonPrintable(c) ? `\\${c.codePointAt(0)!.toString(16)} ` : c)).join('')}"`;
}

const PUNCTUATION = new Set(['(', ')', '[', ']', '{', '}', ',', ';', ':']);

function serializeToken(t: CssToken): string {
  switch (t.type) {
    case 'space':
      return ' ';
    case 'ident':
      return serializeIdent(t.value);
    case 'function':
      return `${serializeIdent(t.value)}(`;
    case 'at':
      return `@${serializeIdent(t.value)}`;
    case 'hash':
      return `#${serializeIdent(t.value, { hash: true })}`;
    case 'string':
      return serializeString(t.value);
    case 'url':
      return `url(${serializeString(t.value)})`;
    case 'number':
      // A unit such as `e3` would read back as an exponent.
      return (
        t.value +
        (t.unit === '%'
          ? '%'
          : /^[eE][+-]?\d/.test(t.unit)
            ? `\\${t.unit.charCodeAt(0).toString(16)} ${serializeIdent(t.unit.slice(1), { hash: true })}`
            : serializeIdent(t.unit))
      );
    case 'delim':
      return t.value;
    case 'bad':
      throw new Error('a bad token has no serialisation');
  }
}

/**
 * Two tokens written side by side must not read back as one (`ur` + `l(` is `url(`, `/` + `*`
 * opens a comment): a comment goes between them unless one is punctuation that cannot merge.
 */
function needsSeparator(a: CssToken, b: CssToken): boolean {
  if (a.type === 'space' || b.type === 'space' || a.type === 'function' || a.type === 'string' || a.type === 'url' || b.type === 'string') return false;
  if (b.type === 'delim' && b.value === '(') return a.type === 'ident';
  if (a.type === 'delim' && PUNCTUATION.has(a.value)) return false;
  if (b.type === 'delim' && (PUNCTUATION.has(b.value) || b.value === '/')) return false;
  if (a.type === 'delim' && a.value === '/') return b.type === 'delim' && b.value === '*';
  return true;
}

/** Tokens back to CSS text that a browser tokenizes into the same tokens. */
export function serializeTokens(tokens: CssToken[]): string {
  return tokens.map((t, k) => (k > 0 && needsSeparator(tokens[k - 1]!, t) ? '/**/' : '') + serializeToken(t)).join('');
}
