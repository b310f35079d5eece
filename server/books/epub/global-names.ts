/**
 * Names a stylesheet declares for the whole page, not for its selectors: `@font-face` families
 * and `@keyframes`. Unscoped, a book could redefine the app's `spin` or `progress` animation, or
 * a font the app's own text uses, long after its chapter closed. Each such name a book declares
 * gets the book's suffix, and the book's own `font`, `font-family`, `animation` and
 * `animation-name` declarations follow the rename. Runs on values already cleaned by scope-css.
 */
import type { AtRule, Declaration, Root } from 'postcss';
import { serializeIdent, serializeString, serializeTokens, tokenizeCss, type CssToken } from './css-tokens';

export function renameGlobalNames(root: Root, suffix: string): void {
  const families = new Map<string, string>();
  const animations = new Map<string, string>();
  root.walkAtRules((at: AtRule) => {
    if (/^font-face$/i.test(at.name)) {
      at.walkDecls(/^font-family$/i, (decl) => {
        const name = familyAtEnd(tokenizeCss(decl.value))?.name;
        if (!name) return void decl.remove();
        const renamed = `${name} ${suffix}`;
        families.set(name.toLowerCase(), renamed);
        decl.value = serializeString(renamed);
      });
    } else if (/keyframes$/i.test(at.name)) {
      const only = tokenizeCss(at.params).filter((t) => t.type !== 'space');
      const name = only.length === 1 && (only[0]!.type === 'ident' || only[0]!.type === 'string') ? only[0]!.value : null;
      if (name === null) return void at.remove();
      const renamed = `${name}-${suffix}`;
      animations.set(name, renamed);
      at.params = serializeIdent(renamed);
    }
  });
  root.walkDecls((decl: Declaration) => {
    const prop = decl.prop.toLowerCase();
    if ((prop === 'font' || prop === 'font-family') && !(decl.parent?.type === 'atrule' && /^font-face$/i.test((decl.parent as AtRule).name))) {
      decl.value = renameFamilies(decl.value, families);
    } else if (/^(-webkit-|-moz-)?animation(-name)?$/.test(prop)) {
      decl.value = serializeTokens(
        tokenizeCss(decl.value).map((t) => (t.type === 'ident' && animations.has(t.value) ? { type: 'ident', value: animations.get(t.value)! } : t)),
      );
    }
  });
}

/** The family at the end of a comma-separated item: one string, or a run of identifiers. */
function familyAtEnd(item: CssToken[]): { name: string; start: number } | null {
  let end = item.length;
  while (end > 0 && item[end - 1]!.type === 'space') end--;
  const last = item[end - 1];
  if (last?.type === 'string') return { name: last.value, start: end - 1 };
  let start = end;
  while (start > 0 && (item[start - 1]!.type === 'ident' || item[start - 1]!.type === 'space')) start--;
  while (item[start]?.type === 'space') start++;
  const words = item.slice(start, end).flatMap((t) => (t.type === 'ident' ? [t.value] : []));
  return words.length > 0 ? { name: words.join(' '), start } : null;
}

function renameFamilies(value: string, families: Map<string, string>): string {
  if (families.size === 0) return value;
  const items: CssToken[][] = [[]];
  for (const t of tokenizeCss(value)) {
    if (t.type === 'delim' && t.value === ',') items.push([]);
    else items.at(-1)!.push(t);
  }
  const renamed = items.map((item) => {
    const family = familyAtEnd(item);
    const to = family && families.get(family.name.toLowerCase());
    return to ? [...item.slice(0, family.start), { type: 'string', value: to } as CssToken] : item;
  });
  return renamed.map((item) => serializeTokens(item)).join(',');
}
