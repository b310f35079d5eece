/**
 * Publisher CSS, made safe to load next to Quire's own. Every selector is rewritten under the
 * book's scope so it can never restyle the app (`html`/`:root` become the scope, `body` the
 * chapter wrapper inside it). Values, property and at-rule names are read as the browser reads
 * them (css-tokens.ts: escapes decoded, comments splitting tokens) and written back from those
 * tokens, so `\75 rl(`, `URL(` or `ur/**\/l(` are judged as what they are. Only in-book URLs stay
 * (pointed at the asset route): a declaration or at-rule that would fetch anything else is
 * dropped, and so are unknown at-rules. Positioned content stays in the chapter box:
 * `position: fixed` goes, z-index is capped, and the reader clips the box (reader.css). Font
 * and animation names, which CSS makes global, get the book's own (global-names.ts).
 */
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { EPUB_MAX_CSS_VALUE_CHARS } from '../../limits';
import { serializeIdent, serializeString, serializeTokens, tokenizeCss, type CssToken } from './css-tokens';
import { renameGlobalNames } from './global-names';

export interface ScopeCssOptions {
  /** The book's scope selector, e.g. `.quire-book[data-book="abc"]`. */
  scope: string;
  /** The asset URL for an in-book reference, or null when it points outside the book. */
  resolveUrl: (href: string) => string | null;
}

export interface ScopedCss {
  css: string;
  /** The writing mode the stylesheet gives the root or body, when vertical. */
  writingMode?: 'vertical-rl' | 'vertical-lr';
}

/** Class on the element that wraps each chapter's body (see sanitize.ts). */
export const BODY_CLASS = 'quire-body';
/** Above any z-index a book needs inside its chapter, below the reader's own controls. */
export const MAX_BOOK_Z_INDEX = 10;

/** At-rules a book may use (vendor prefixes aside); `@import` is handled on its own, the rest dropped. */
const KEPT_AT_RULES = new Set([
  'media',
  'supports',
  'font-face',
  'keyframes',
  'counter-style',
  'layer',
  'container',
  'font-feature-values',
  'swash',
  'annotation',
  'ornaments',
  'stylistic',
  'styleset',
  'character-variant',
]);
/** Functions whose arguments are fetched: their strings are URLs, like url()'s. */
const FETCHING_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', 'cross-fade']);
/** Functions that fill in a value where used: inside a fetching function they could bring a URL. */
const SUBSTITUTING_FUNCTIONS = new Set(['var', 'attr', 'env']);
/**
 * The functions a book's CSS may call (vendor prefixes aside). Anything else — `expression()`,
 * `element()`, `paint()`, whatever browsers add next — drops its declaration: a new function
 * that fetches must not get through because nobody listed it.
 */
const KNOWN_FUNCTIONS = new Set([
  ...FETCHING_FUNCTIONS,
  ...SUBSTITUTING_FUNCTIONS,
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color',
  'color-mix',
  'light-dark',
  'calc',
  'min',
  'max',
  'clamp',
  'round',
  'mod',
  'rem',
  'abs',
  'sign',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'pow',
  'sqrt',
  'hypot',
  'log',
  'exp',
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
  'gradient',
  'matrix',
  'matrix3d',
  'translate',
  'translatex',
  'translatey',
  'translatez',
  'translate3d',
  'scale',
  'scalex',
  'scaley',
  'scalez',
  'scale3d',
  'rotate',
  'rotatex',
  'rotatey',
  'rotatez',
  'rotate3d',
  'skew',
  'skewx',
  'skewy',
  'perspective',
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
  'inset',
  'circle',
  'ellipse',
  'polygon',
  'rect',
  'xywh',
  'cubic-bezier',
  'steps',
  'linear',
  'repeat',
  'minmax',
  'fit-content',
  'counter',
  'counters',
  'symbols',
  'leader',
  'target-counter',
  'target-counters',
  'target-text',
  'string',
  'content',
  'local',
  'format',
  'tech',
  'type',
  'selector',
  'font-format',
  'font-tech',
  'style',
]);
const FORBIDDEN_PROPERTIES = new Set(['behavior', 'binding']);
/** `U+0025-00FF, u+4??`: browsers read it from the raw text, so it is checked as text. */
const UNICODE_RANGES = /^\s*[uU]\+[0-9a-fA-F?]{1,6}(-[0-9a-fA-F]{1,6})?(\s*,\s*[uU]\+[0-9a-fA-F?]{1,6}(-[0-9a-fA-F]{1,6})?)*\s*$/;
const KEPT_POSITIONS = new Set(['static', 'relative', 'absolute', 'sticky', 'inherit', 'initial', 'unset', 'revert', 'revert-layer']);

const unprefixed = (name: string) => name.toLowerCase().replace(/^-(webkit|moz|ms|o)-/, '');

export function scopeCss(source: string, options: ScopeCssOptions): ScopedCss {
  let root;
  try {
    root = postcss.parse(source);
  } catch {
    return { css: '' }; // a stylesheet that does not parse is dropped, not guessed at
  }
  root.walkAtRules((at: AtRule) => {
    const name = decodedName(`@${at.name}`, 'at');
    if (name === null) return void at.remove();
    at.name = serializeIdent(name);
    if (unprefixed(name) === 'import') cleanImport(at, options.resolveUrl);
    else if (!KEPT_AT_RULES.has(unprefixed(name))) at.remove();
    else {
      const params = cleanValue(at.params, () => null);
      if (params === null) at.remove();
      else at.params = params;
    }
  });
  root.walkDecls((decl: Declaration) => {
    const prop = decodedName(decl.prop, 'ident');
    const value = prop === null ? null : cleanDeclaration(prop, decl.value, options.resolveUrl);
    if (prop === null || value === null) return void decl.remove();
    decl.prop = prop.startsWith('--') ? prop : serializeIdent(prop);
    decl.value = value;
  });
  renameGlobalNames(
    root,
    options.scope
      .replace(/[^A-Za-z0-9_-]+/g, ' ')
      .trim()
      .replace(/ /g, '-'),
  );
  let writingMode: ScopedCss['writingMode'];
  root.walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    const touchesRoot = /(^|[\s,>+~(])(html|body|:root)\b/i.test(rule.selector);
    rule.selector = scopeSelector(rule.selector, options.scope);
    rule.walkDecls(/writing-mode$/i, (decl) => {
      if (touchesRoot && /^vertical-(rl|lr)$/i.test(decl.value.trim())) writingMode = decl.value.trim().toLowerCase() as ScopedCss['writingMode'];
    });
  });
  // Whitespace and comments the parser kept aside are not written back: only checked text is.
  root.raws = {};
  root.walk((node: ChildNode) => {
    if (node.type === 'comment') node.remove();
    else node.raws = {};
  });
  return { css: root.toString(), ...(writingMode ? { writingMode } : {}) };
}

/** The decoded name of a lone identifier or at-keyword, or null when the text is anything else. */
function decodedName(text: string, type: 'ident' | 'at'): string | null {
  const tokens = tokenizeCss(text.trim());
  const only = tokens.length === 1 ? tokens[0]! : undefined;
  return only?.type === type ? only.value : null;
}

/** `@import` of an in-book stylesheet keeps its media list; any other is removed. */
function cleanImport(at: AtRule, resolveUrl: ScopeCssOptions['resolveUrl']): void {
  const tokens = tokenizeCss(at.params);
  while (tokens[0]?.type === 'space') tokens.shift();
  const [first, second, third] = tokens;
  let href: string | undefined;
  let rest: CssToken[] = [];
  if (first?.type === 'string' || first?.type === 'url') [href, rest] = [first.value, tokens.slice(1)];
  else if (first?.type === 'function' && first.value.toLowerCase() === 'url' && second?.type === 'string' && third?.type === 'delim' && third.value === ')') {
    [href, rest] = [second.value, tokens.slice(3)];
  }
  const url = href === undefined ? null : resolveUrl(href);
  const media = url === null || rest.some((t) => t.type === 'bad') ? null : cleanValue(serializeTokens(rest), () => null);
  if (url === null || media === null) return void at.remove();
  at.params = `url(${serializeString(url)})${media ? ` ${media.trim()}` : ''}`;
}

/** A declaration's value, checked and rewritten; null drops the declaration. */
function cleanDeclaration(prop: string, value: string, resolveUrl: ScopeCssOptions['resolveUrl']): string | null {
  const name = prop.toLowerCase();
  if (FORBIDDEN_PROPERTIES.has(unprefixed(name))) return null;
  if (name === 'unicode-range') return UNICODE_RANGES.test(value) ? value.trim() : null;
  const cleaned = cleanValue(value, resolveUrl);
  if (cleaned === null) return null;
  const words = tokenizeCss(cleaned).filter((t) => t.type !== 'space');
  const only = words.length === 1 ? words[0]! : undefined;
  if (name === 'position') {
    // Fixed boxes would sit over the reader's controls; var() could bring `fixed` back at use.
    return only?.type === 'ident' && KEPT_POSITIONS.has(unprefixed(only.value)) ? cleaned : null;
  }
  if (name === 'z-index') {
    if (only?.type === 'ident' && /^(auto|inherit|initial|unset|revert|revert-layer)$/i.test(only.value)) return cleaned;
    if (only?.type !== 'number' || only.unit !== '' || !/^[+-]?\d+$/.test(only.value)) return null;
    return String(Math.max(-MAX_BOOK_Z_INDEX, Math.min(MAX_BOOK_Z_INDEX, Number(only.value))));
  }
  return cleaned;
}

/**
 * Component values with every URL resolved in the book, or null when one points elsewhere or the
 * value holds what a browser would drop or could turn into a fetch (blocks, bad tokens, forbidden
 * functions, var() inside a fetching function).
 */
function cleanValue(value: string, resolveUrl: ScopeCssOptions['resolveUrl']): string | null {
  if (value.length > EPUB_MAX_CSS_VALUE_CHARS) return null;
  const tokens = tokenizeCss(value);
  const open: (string | null)[] = []; // per open parenthesis: its function's name, null for a bare one
  for (const [k, t] of tokens.entries()) {
    if (t.type === 'bad' || (t.type === 'delim' && /^[{};]$/.test(t.value))) return null;
    const fetching = open.some((f) => f !== null && FETCHING_FUNCTIONS.has(f));
    if (t.type === 'function') {
      const fn = unprefixed(t.value);
      if (!KNOWN_FUNCTIONS.has(fn) || (fetching && SUBSTITUTING_FUNCTIONS.has(fn))) return null;
      open.push(fn);
    } else if (t.type === 'delim' && (t.value === '(' || t.value === '[')) open.push(null);
    else if (t.type === 'delim' && (t.value === ')' || t.value === ']')) open.pop();
    else if (t.type === 'url' || (t.type === 'string' && FETCHING_FUNCTIONS.has(open.at(-1) ?? ''))) {
      const url = resolveUrl(t.value);
      if (url === null) return null;
      tokens[k] = { type: t.type, value: url };
    }
  }
  return serializeTokens(tokens);
}

/** Every selector in the list, put under the scope. Exported for tests. */
function scopeSelector(selector: string, scope: string): string {
  const scopeNodes = () =>
    selectorParser()
      .astSync(scope)
      .first!.nodes.map((n) => n.clone());
  try {
    return selectorParser((selectors) => {
      selectors.each((sel) => {
        let rooted = false;
        sel.walk((node) => {
          const isRoot = (node.type === 'tag' && /^html$/i.test(node.value)) || (node.type === 'pseudo' && node.value === ':root');
          if (isRoot && node.parent === sel) {
            const replacement = scopeNodes();
            replacement.forEach((n) => node.parent!.insertBefore(node, n));
            node.remove();
            rooted = true;
          } else if (node.type === 'tag' && /^body$/i.test(node.value)) {
            node.replaceWith(selectorParser.className({ value: BODY_CLASS }));
          }
        });
        if (rooted) return;
        if (sel.first) sel.first.spaces.before = '';
        sel.prepend(selectorParser.combinator({ value: ' ' }));
        scopeNodes()
          .reverse()
          .forEach((n) => sel.prepend(n));
      });
      // epub:type becomes data-epub-type in chapters (sanitize.ts), so its selectors follow.
    }).processSync(selector.replace(/\[\s*epub\|type\b/gi, '[data-epub-type'));
  } catch {
    return `${scope} :not(*)`; // an unparsable selector must match nothing rather than everything
  }
}
