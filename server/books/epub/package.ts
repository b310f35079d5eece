/**
 * The package document (OPF): metadata, manifest, spine, cover and accessibility metadata, for
 * EPUB 3 and EPUB 2 alike. Returns plain data with every href resolved to a ZIP entry name.
 */
import type { ZipFiles } from './read-zip';
import type { Element } from 'domhandler';
import type { Accessibility, Contributor } from '../../../sync/book-format';
import { EpubError } from './epub-error';
import { resolveHref } from './paths';
import { packageRendition, type PackageRendition } from './rendition';
import { attr, childElements, decodeText, findAll, findFirst, parseXml, textOf } from './xml';

export interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string[];
}

interface SpineItem {
  item: ManifestItem;
  linear: boolean;
  /** The itemref's `properties` (page-spread-*, rendition:layout-* overrides). */
  properties: string[];
}

export interface PackageInfo {
  version: string;
  identifier: string;
  title: string;
  subtitle: string;
  language: string;
  contributors: Contributor[];
  publisher: string;
  description: string;
  date?: string;
  isbn?: string;
  accessibility: Accessibility;
  manifest: Map<string, ManifestItem>;
  spine: SpineItem[];
  direction: 'ltr' | 'rtl';
  rendition: PackageRendition;
  navPath?: string;
  ncxPath?: string;
  coverPath?: string;
}

/** MARC relator codes Quire has a role for; other roles (book producer, designer…) are not listed. */
const RELATORS: Record<string, Contributor['role']> = {
  aut: 'author',
  edt: 'editor',
  trl: 'translator',
  ill: 'illustrator',
  nrt: 'narrator',
};

export function parsePackage(files: ZipFiles, opfPath: string): PackageInfo {
  const doc = parseXml(decodeText(files.get(opfPath)!), opfPath);
  const pkg = findFirst(doc, 'package');
  const metadata = pkg && findFirst(pkg, 'metadata');
  if (!pkg || !metadata) throw new EpubError('bad_package', 'The package document has no <package> or <metadata>.');
  const metas = findAll(metadata, 'meta');
  const refines = (id: string | undefined, property: string) =>
    id ? metas.find((m) => attr(m, 'refines') === `#${id}` && attr(m, 'property') === property) : undefined;
  const dc = (name: string) => findAll(metadata, name);

  const manifest = new Map<string, ManifestItem>();
  for (const el of findAll(pkg, 'item')) {
    const id = attr(el, 'id');
    const href = attr(el, 'href');
    const resolved = href ? resolveHref(opfPath, href) : null;
    if (!id || !resolved) continue; // remote resources and broken entries are not part of the book
    manifest.set(id, {
      id,
      path: resolved.path,
      mediaType: (attr(el, 'media-type') ?? '').trim().toLowerCase(),
      properties: (attr(el, 'properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }

  const spineEl = findFirst(pkg, 'spine');
  const spine: SpineItem[] = [];
  for (const ref of spineEl ? childElements(spineEl, 'itemref') : []) {
    const item = manifest.get(attr(ref, 'idref') ?? '');
    const properties = (attr(ref, 'properties') ?? '').split(/\s+/).filter(Boolean);
    if (item && files.has(item.path)) spine.push({ item, linear: attr(ref, 'linear') !== 'no', properties });
  }

  const titles = dc('title');
  const titleType = (t: Element) => {
    const refined = refines(attr(t, 'id'), 'title-type');
    return refined ? textOf(refined) : undefined;
  };
  const mainTitle = titles.find((t) => titleType(t) === 'main') ?? titles[0];
  const subtitleEl = titles.find((t) => t !== mainTitle && titleType(t) === 'subtitle');

  const uniqueId = attr(pkg, 'unique-identifier');
  const identifiers = dc('identifier');
  const identifier = textOf(identifiers.find((i) => attr(i, 'id') === uniqueId) ?? identifiers[0] ?? pkg);
  const isbn = identifiers
    .map((i) =>
      textOf(i)
        .replace(/^urn:isbn:/i, '')
        .replace(/[-\s]/g, ''),
    )
    .find((v) => /^97[89]\d{10}$/.test(v));

  const navItem = [...manifest.values()].find((i) => i.properties.includes('nav'));
  const ncxItem = manifest.get(spineEl ? (attr(spineEl, 'toc') ?? '') : '') ?? [...manifest.values()].find((i) => i.mediaType === 'application/x-dtbncx+xml');

  return {
    version: attr(pkg, 'version') ?? '2.0',
    identifier,
    title: mainTitle ? textOf(mainTitle) : '',
    subtitle: subtitleEl ? textOf(subtitleEl) : '',
    language: dc('language').map(textOf)[0] ?? '',
    contributors: contributorsOf([...dc('creator'), ...dc('contributor')], refines),
    publisher: dc('publisher').map(textOf)[0] ?? '',
    description: dc('description').map(textOf)[0] ?? '',
    ...(dc('date')[0] ? { date: textOf(dc('date')[0]!) } : {}),
    ...(isbn ? { isbn } : {}),
    accessibility: accessibilityOf(metadata, metas),
    manifest,
    spine,
    direction: spineEl && attr(spineEl, 'page-progression-direction') === 'rtl' ? 'rtl' : 'ltr',
    rendition: packageRendition(metas, files),
    ...(navItem && files.has(navItem.path) ? { navPath: navItem.path } : {}),
    ...(ncxItem && files.has(ncxItem.path) ? { ncxPath: ncxItem.path } : {}),
    ...coverOf(manifest, metas, files),
  };
}

function contributorsOf(els: Element[], refines: (id: string | undefined, p: string) => Element | undefined): Contributor[] {
  const out: Contributor[] = [];
  for (const el of els) {
    const name = textOf(el).slice(0, 200);
    const refined = refines(attr(el, 'id'), 'role');
    const code = (refined ? textOf(refined) : (attr(el, 'opf:role') ?? attr(el, 'role') ?? '')).toLowerCase();
    const isCreator = el.name.toLowerCase().endsWith('creator');
    const role = RELATORS[code] ?? (isCreator && code === '' ? 'author' : undefined);
    if (name && role) out.push({ name, role });
  }
  return out;
}

/** EPUB 3 `properties="cover-image"`, else the EPUB 2 `<meta name="cover" content="id">`. */
function coverOf(manifest: Map<string, ManifestItem>, metas: Element[], files: ZipFiles): { coverPath?: string } {
  const byProperty = [...manifest.values()].find((i) => i.properties.includes('cover-image'));
  const legacyId = metas.find((m) => attr(m, 'name') === 'cover');
  const legacy = legacyId ? manifest.get(attr(legacyId, 'content') ?? '') : undefined;
  const cover = [byProperty, legacy].find((i) => i && i.mediaType.startsWith('image/') && files.has(i.path));
  return cover ? { coverPath: cover.path } : {};
}

/** schema.org accessibility properties, as EPUB 3 `<meta property>` or EPUB 2 `<meta name content>`. */
function accessibilityOf(metadata: Element, metas: Element[]): Accessibility {
  const values = (property: string) =>
    metas
      .flatMap((m) => {
        if (attr(m, 'property') === property) return [textOf(m)];
        if (attr(m, 'name') === property) return [attr(m, 'content') ?? ''];
        return [];
      })
      .filter(Boolean);
  const conformsTo = [
    ...values('dcterms:conformsTo'),
    ...findAll(metadata, 'link')
      .filter((l) => attr(l, 'rel') === 'dcterms:conformsTo')
      .map((l) => attr(l, 'href') ?? ''),
    ...findAll(metadata, 'conformsTo').map(textOf),
  ].filter(Boolean);
  const cap = (list: string[], n: number, len: number) => [...new Set(list)].slice(0, n).map((s) => s.slice(0, len));
  return {
    accessModes: cap(values('schema:accessMode'), 20, 100),
    accessModesSufficient: cap(values('schema:accessModeSufficient'), 20, 200),
    features: cap(values('schema:accessibilityFeature'), 50, 100),
    hazards: cap(values('schema:accessibilityHazard'), 20, 100),
    summary: (values('schema:accessibilitySummary')[0] ?? '').slice(0, 5000),
    conformsTo: cap(conformsTo, 10, 300),
  };
}
