/**
 * Publisher CSS, made safe to load next to Quire's own: every selector is rewritten under the
 * book's scope so it can never restyle the app (`html`/`:root` become the scope, `body` the
 * chapter wrapper inside it), `@import` and `url()` of outside resources are dropped, in-book
 * URLs point at the asset route, and `position: fixed` (overlays over the app) is removed.
 */
import postcss, { type AtRule, type Declaration, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';

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
const DROPPED_AT_RULES = new Set(['namespace', 'page', 'charset']);
const URL_IN_VALUE = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

export function scopeCss(source: string, options: ScopeCssOptions): ScopedCss {
  let root;
  try {
    root = postcss.parse(source);
  } catch {
    return { css: '' }; // a stylesheet that does not parse is dropped, not guessed at
  }
  let writingMode: ScopedCss['writingMode'];
  root.walkAtRules((at: AtRule) => {
    const name = at.name.toLowerCase();
    if (DROPPED_AT_RULES.has(name)) at.remove();
    else if (name === 'import') {
      const href = /^(?:url\()?\s*['"]?([^'")\s]+)/.exec(at.params)?.[1];
      const url = href ? options.resolveUrl(href) : null;
      if (url) at.params = `url("${url}")`;
      else at.remove();
    }
  });
  root.walkRules((rule: Rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    const touchesRoot = /(^|[\s,>+~(])(html|body|:root)\b/i.test(rule.selector);
    rule.selector = scopeSelector(rule.selector, options.scope);
    rule.walkDecls(/writing-mode$/i, (decl) => {
      if (touchesRoot && /^vertical-(rl|lr)$/i.test(decl.value.trim())) writingMode = decl.value.trim().toLowerCase() as ScopedCss['writingMode'];
    });
  });
  root.walkDecls((decl: Declaration) => {
    if (decl.prop.toLowerCase() === 'position' && /fixed/i.test(decl.value)) {
      decl.remove();
      return;
    }
    if (/expression\s*\(|javascript:|behavior|-moz-binding/i.test(`${decl.prop}:${decl.value}`)) {
      decl.remove();
      return;
    }
    if (/url\(/i.test(decl.value)) {
      let outside = false;
      decl.value = decl.value.replace(URL_IN_VALUE, (_m, _q, href: string) => {
        const url = options.resolveUrl(href);
        if (!url) outside = true;
        return `url("${url ?? ''}")`;
      });
      if (outside) decl.remove();
    }
  });
  return { css: root.toString(), ...(writingMode ? { writingMode } : {}) };
}

/** Every selector in the list, put under the scope. Exported for tests. */
export function scopeSelector(selector: string, scope: string): string {
  const scopeNodes = () => selectorParser().astSync(scope).first!.nodes.map((n) => n.clone());
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
        scopeNodes().reverse().forEach((n) => sel.prepend(n));
      });
      // epub:type becomes data-epub-type in chapters (sanitize.ts), so its selectors follow.
    }).processSync(selector.replace(/\[\s*epub\|type\b/gi, '[data-epub-type'));
  } catch {
    return `${scope} :not(*)`; // an unparsable selector must match nothing rather than everything
  }
}
