/**
 * Broken internal links: a link in the edition to a chapter that is not in it, or to an id that
 * is not in its target chapter. Canonical chapters address each other as `#chapterId` or
 * `#chapterId/anchor` with `data-chapter-id` / `data-anchor` (server/books/epub/sanitize.ts);
 * a bare `#anchor` means this chapter; a relative file link points at a file the book does not
 * have. The EPUB writer turns such links into text, so the book stays valid — but the reader's
 * "see the map" goes nowhere, which is what the author needs to hear.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { CanonicalBook } from '../../../sync/book-format';
import { chapterLabel, count, type CheckOutcome, type EditionCheckFn, type Finding } from './types';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Where a link points inside the book, or null for a link that leaves it (or has no target). */
function targetOf(attribs: Record<string, string>, here: string, chapters: Set<string>): { chapter: string; anchor?: string } | { file: string } | null {
  const chapter = attribs['data-chapter-id'];
  if (chapter !== undefined) return { chapter, anchor: attribs['data-anchor'] };
  const href = (attribs.href ?? '').trim();
  if (href === '' || SCHEME.test(href) || href.startsWith('/') || href.startsWith('//')) return null;
  if (!href.startsWith('#')) return { file: href };
  const fragment = decode(href.slice(1));
  const slash = fragment.indexOf('/');
  if (slash > 0 && chapters.has(fragment.slice(0, slash))) return { chapter: fragment.slice(0, slash), anchor: fragment.slice(slash + 1) };
  if (chapters.has(fragment)) return { chapter: fragment };
  return { chapter: here, anchor: fragment };
}

function brokenLinks(book: CanonicalBook): Finding[] {
  const docs = new Map(book.chapters.map((c) => [c.id, parseDocument(c.xhtml, { recognizeSelfClosing: true }).children]));
  const idsOf = new Map([...docs].map(([id, nodes]) => [id, new Set(DomUtils.findAll((el) => Boolean(el.attribs.id), nodes).map((el) => el.attribs.id!))]));
  const chapters = new Set(docs.keys());
  const findings: Finding[] = [];
  for (const [chapterId, nodes] of docs) {
    for (const a of DomUtils.findAll((el) => el.name === 'a', nodes)) {
      const target = targetOf(a.attribs, chapterId, chapters);
      if (!target) continue;
      const text = DomUtils.textContent(a).replace(/\s+/g, ' ').trim().slice(0, 80) || '(no text)';
      const where = `${chapterLabel(book, chapterId)}, link “${text}”`;
      if ('file' in target) findings.push({ where, reason: `It points to ${target.file}, a file that is not in the book.` });
      else if (!chapters.has(target.chapter)) findings.push({ where, reason: 'It points to a chapter that is not in this edition.' });
      else if (target.anchor && !idsOf.get(target.chapter)!.has(target.anchor)) {
        const place = target.chapter === chapterId ? 'this chapter' : chapterLabel(book, target.chapter);
        findings.push({ where, reason: `It points to #${target.anchor}, which is no place in ${place}.` });
      }
    }
  }
  return findings;
}

export const linksCheck: EditionCheckFn = ({ book }): CheckOutcome => {
  const findings = brokenLinks(book);
  if (findings.length > 0)
    return { status: 'failed', message: `${count(findings.length, 'internal link')} ${findings.length === 1 ? 'leads' : 'lead'} nowhere.`, findings };
  return { status: 'passed', message: 'Every link between chapters and to a place in one leads somewhere.', findings: [] };
};
