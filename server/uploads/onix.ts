/**
 * ONIX for Books 3.0, read as it streams (saxes): each <Product> becomes a RawRow when it closes
 * and is handed on (onixRows), so a 50 MB file costs one chunk and one product's worth of memory,
 * never a DOM nor the whole list of rows. Both tag sets
 * (reference and short) in their own namespace (DOMAIN.md); short tags are translated to reference
 * names so the rest reads one vocabulary. A file in another namespace (ONIX 2.1, none) is refused
 * whole; an element of a product in a foreign namespace makes that product's row wrong.
 */
import { bookRoleOf, isContributorRoleCode } from '../../sync/publishing/contributors';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Contributor } from '../../sync/book-format';
import type { UploadAction } from '../../sync/uploads';
import { collectRows, emptyRaw, FileProblem, type RawRow } from './record';

export const ONIX_REFERENCE_NS = 'http://ns.editeur.org/onix/3.0/reference';
export const ONIX_SHORT_NS = 'http://ns.editeur.org/onix/3.0/short';

/** Short tag → reference name, for the elements Quire reads (and the containers around them). */
const SHORT: Record<string, string> = {
  onixmessage: 'ONIXMessage',
  header: 'Header',
  product: 'Product',
  a001: 'RecordReference',
  a002: 'NotificationType',
  productidentifier: 'ProductIdentifier',
  b221: 'ProductIDType',
  b244: 'IDValue',
  descriptivedetail: 'DescriptiveDetail',
  x314: 'ProductComposition',
  b012: 'ProductForm',
  b333: 'ProductFormDetail',
  titledetail: 'TitleDetail',
  b202: 'TitleType',
  titleelement: 'TitleElement',
  x409: 'TitleElementLevel',
  b203: 'TitleText',
  b030: 'TitlePrefix',
  b031: 'TitleWithoutPrefix',
  b029: 'Subtitle',
  contributor: 'Contributor',
  b034: 'SequenceNumber',
  b035: 'ContributorRole',
  b036: 'PersonName',
  b037: 'PersonNameInverted',
  b039: 'NamesBeforeKey',
  b040: 'KeyNames',
  b047: 'CorporateName',
  language: 'Language',
  b253: 'LanguageRole',
  b252: 'LanguageCode',
  collateraldetail: 'CollateralDetail',
  textcontent: 'TextContent',
  x426: 'TextType',
  d104: 'Text',
  supportingresource: 'SupportingResource',
  x436: 'ResourceContentType',
  resourceversion: 'ResourceVersion',
  x435: 'ResourceLink',
  publishingdetail: 'PublishingDetail',
  imprint: 'Imprint',
  b079: 'ImprintName',
  publisher: 'Publisher',
  b081: 'PublisherName',
  productsupply: 'ProductSupply',
  supplydetail: 'SupplyDetail',
  price: 'Price',
  x462: 'PriceType',
  j151: 'PriceAmount',
  j152: 'CurrencyCode',
};

/** NotificationType: 01 early and 02 advance notice and 03 confirmed are all "the record as it stands". */
const NOTIFICATIONS: Record<string, UploadAction> = { '01': 'new', '02': 'new', '03': 'new', '04': 'update', '05': 'withdraw' };
/** ContributorRole codes Quire has a role for (list 17): the metadata forms' table. */
const roleOf = (code: string): Contributor['role'] | null => (isContributorRoleCode(code) ? bookRoleOf(code) : null);
/** ProductForm (list 150): Quire sells ebooks; print forms are known but not imported. */
const DIGITAL_FORMS = new Set(['ED', 'EA', 'EB', 'EC']);
const PRINT_FORMS = new Set(['BA', 'BB', 'BC', 'BD', 'BE', 'BF', 'BH', 'BI', 'BZ', 'AA', 'AB', 'AC', 'AJ']);

type OnixResult = Awaited<ReturnType<typeof collectRows>>;

interface ProductState {
  raw: RawRow;
  ids: { type: string; value: string }[];
  id: { type: string; value: string };
  titleType: string;
  titleLevel: string;
  title: { text: string; prefix: string; without: string; subtitle: string };
  contributor: { role: string; name: string; before: string; key: string; corporate: string };
  contributors: { seq: number; role: string; name: string }[];
  languageRole: string;
  languageCode: string;
  languages: { role: string; code: string }[];
  textType: string;
  texts: Map<string, string>;
  resourceType: string;
  resourceLinks: string[];
  priceType: string;
  priceAmount: string;
  priceCurrency: string;
  prices: { type: string; amount: string; currency: string }[];
  form: string;
  imprintName: string;
  publisherName: string;
}

function newProduct(row: number): ProductState {
  return {
    raw: { ...emptyRaw(row), action: null },
    ids: [],
    id: { type: '', value: '' },
    titleType: '',
    titleLevel: '',
    title: { text: '', prefix: '', without: '', subtitle: '' },
    contributor: { role: '', name: '', before: '', key: '', corporate: '' },
    contributors: [],
    languageRole: '',
    languageCode: '',
    languages: [],
    textType: '',
    texts: new Map(),
    resourceType: '',
    resourceLinks: [],
    priceType: '',
    priceAmount: '',
    priceCurrency: '',
    prices: [],
    form: '',
    imprintName: '',
    publisherName: '',
  };
}

const clip = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The product's fields, now that it has closed, into its RawRow. */
function finishProduct(p: ProductState): RawRow {
  const raw = p.raw;
  // ProductIDType (list 5): 15 ISBN-13, 03 GTIN-13 (an ISBN when it starts 978/979), 02 ISBN-10.
  const isbnId = p.ids.find((i) => i.type === '15') ?? p.ids.find((i) => i.type === '03' && /^97[89]/.test(i.value)) ?? p.ids.find((i) => i.type === '02');
  raw.isbn = isbnId?.value ?? '';
  if (!isbnId && p.ids.length > 0) raw.problems.push(`Missing identifier: no ISBN among ProductIDType ${p.ids.map((i) => clip(i.type, 4)).join(', ')}.`);
  if (p.form && !DIGITAL_FORMS.has(p.form))
    raw.problems.push(
      PRINT_FORMS.has(p.form) ? `ProductForm ${p.form} is a print edition; Quire imports ebooks (ED).` : `Unknown ProductForm code “${clip(p.form, 6)}”.`,
    );
  raw.contributors = p.contributors
    .sort((a, b) => a.seq - b.seq)
    .flatMap((c) => {
      const role = roleOf(c.role);
      return role ? [{ name: c.name, role }] : [];
    })
    .filter((c) => c.name !== '');
  raw.language = (p.languages.find((l) => l.role === '01') ?? p.languages[0])?.code ?? '';
  raw.description = p.texts.get('03') ?? p.texts.get('02') ?? p.texts.get('01') ?? '';
  const price = p.prices.find((x) => x.type === '01' || x.type === '02') ?? p.prices[0];
  raw.price = price?.amount ?? '';
  raw.currency = price?.currency ?? '';
  raw.publisher = p.imprintName || p.publisherName;
  const cover = p.resourceLinks[0];
  if (cover) raw.coverFile = cover.split(/[/\\]/).pop()!.split('?')[0]!;
  return raw;
}

/**
 * A streaming reader: `write` each decoded chunk as it arrives, then `close`. Rows come out in
 * file order; after a file problem nothing more is read.
 */
class OnixReader {
  private parser = new SaxesParser({ xmlns: true, position: true });
  private ns: string | null = null;
  private short = false;
  private path: string[] = [];
  private text = '';
  /** Inside <Text>: its XHTML children's text is the description's text. */
  private textDepth = 0;
  private product: ProductState | null = null;
  private count = 0;
  /** Products closed since the caller last took them (`take`). */
  private rows: RawRow[] = [];
  fileProblem: string | null = null;

  constructor(private readonly maxRows: number) {
    this.parser.on('error', (e) => {
      if (!this.fileProblem)
        this.fileProblem = `The file is not well-formed XML (line ${this.parser.line}): ${clip(e.message.replace(/^[^:]*:\d+:\d+: /, ''), 120)}`;
    });
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('text', (t) => (this.text += t));
    this.parser.on('cdata', (t) => (this.text += t));
    this.parser.on('closetag', (tag) => this.closeTag(tag));
  }

  write(chunk: string): void {
    if (!this.fileProblem) this.parser.write(chunk);
  }

  /** The products closed so far, handed over once. */
  take(): RawRow[] {
    const out = this.rows;
    this.rows = [];
    return out;
  }

  /** The end of the file: sets `fileProblem` when the file as a whole cannot be imported. */
  finish(): void {
    if (!this.fileProblem) this.parser.close();
    if (!this.fileProblem && this.ns === null) this.fileProblem = 'The file is empty: no ONIX message in it.';
    if (!this.fileProblem && this.count === 0) this.fileProblem = 'The file has no <Product>.';
  }

  private closeTag(tag: SaxesTagNS): void {
    if (this.fileProblem) return;
    const name = this.nameOf(tag);
    if (this.textDepth > 0) {
      this.textDepth--;
      if (this.textDepth > 0) return;
    }
    this.closeField(name, this.text.trim());
    this.path.pop();
    this.text = '';
  }

  private nameOf(tag: SaxesTagNS): string {
    return this.short ? (SHORT[tag.local] ?? tag.local) : tag.local;
  }

  private open(tag: SaxesTagNS): void {
    if (this.fileProblem) return;
    if (this.ns === null) {
      this.ns = tag.uri;
      const ok = (tag.uri === ONIX_REFERENCE_NS && tag.local === 'ONIXMessage') || (tag.uri === ONIX_SHORT_NS && tag.local === 'ONIXmessage');
      if (!ok) {
        this.fileProblem =
          tag.local.toLowerCase() !== 'onixmessage'
            ? `This is not an ONIX message: the root element is <${clip(tag.name, 30)}>.`
            : `Wrong namespace “${clip(tag.uri || 'none', 60)}”: ONIX 3.0 is ${ONIX_REFERENCE_NS} (reference tags) or ${ONIX_SHORT_NS} (short tags).`;
        return;
      }
      this.short = tag.uri === ONIX_SHORT_NS;
      const release = tag.attributes.release;
      const value = typeof release === 'string' ? release : release?.value;
      if (value && !value.startsWith('3.')) this.fileProblem = `This is ONIX release ${clip(value, 10)}; Quire reads ONIX 3.0.`;
      this.path.push('ONIXMessage');
      return;
    }
    if (this.textDepth > 0) {
      this.textDepth++;
      return;
    }
    const name = this.nameOf(tag);
    this.path.push(name);
    this.text = '';
    if (this.product && tag.uri !== this.ns) {
      const problem = `Wrong namespace: <${clip(tag.name, 30)}> is in “${clip(tag.uri || 'none', 60)}”, not the message's.`;
      if (!this.product.raw.problems.includes(problem)) this.product.raw.problems.push(problem);
    }
    if (name === 'Product' && this.path.length === 2) {
      this.count++;
      if (this.count > this.maxRows) {
        this.fileProblem = `The file has more than ${this.maxRows.toLocaleString('en')} products: split it.`;
        return;
      }
      this.product = newProduct(this.count);
    } else if (name === 'Text') this.textDepth = 1;
  }

  private closeField(name: string, value: string): void {
    const p = this.product;
    if (!p) return;
    const parent = this.path[this.path.length - 2];
    switch (name) {
      case 'Product':
        this.rows.push(finishProduct(p));
        this.product = null;
        return;
      case 'RecordReference':
        p.raw.reference = value;
        return;
      case 'NotificationType':
        p.raw.action = NOTIFICATIONS[value] ?? null;
        if (!p.raw.action) p.raw.problems.push(`Unknown NotificationType “${clip(value, 6)}”: 03 is new, 04 an update, 05 a withdrawal.`);
        return;
      case 'ProductIDType':
        p.id.type = value;
        return;
      case 'IDValue':
        p.id.value = value;
        return;
      case 'ProductIdentifier':
        if (parent === 'Product') p.ids.push(p.id);
        p.id = { type: '', value: '' };
        return;
      case 'ProductForm':
        p.form = value;
        return;
      case 'TitleType':
        p.titleType = value;
        return;
      case 'TitleElementLevel':
        p.titleLevel = value;
        return;
      case 'TitleText':
        p.title.text = value;
        return;
      case 'TitlePrefix':
        p.title.prefix = value;
        return;
      case 'TitleWithoutPrefix':
        p.title.without = value;
        return;
      case 'Subtitle':
        p.title.subtitle = value;
        return;
      case 'TitleElement': {
        // The product's own distinctive title (TitleType 01, level 01), the first one given.
        const own = (p.titleType === '' || p.titleType === '01') && (p.titleLevel === '' || p.titleLevel === '01');
        const text = p.title.text || [p.title.prefix, p.title.without].filter(Boolean).join(' ');
        if (own && !p.raw.title && text) {
          p.raw.title = text;
          p.raw.subtitle = p.title.subtitle;
        }
        p.titleLevel = '';
        p.title = { text: '', prefix: '', without: '', subtitle: '' };
        return;
      }
      case 'TitleDetail':
        p.titleType = '';
        return;
      case 'ContributorRole':
        if (!p.contributor.role) p.contributor.role = value;
        return;
      case 'PersonName':
        p.contributor.name = value;
        return;
      case 'NamesBeforeKey':
        p.contributor.before = value;
        return;
      case 'KeyNames':
        p.contributor.key = value;
        return;
      case 'CorporateName':
        p.contributor.corporate = value;
        return;
      case 'Contributor': {
        const c = p.contributor;
        const name = c.name || [c.before, c.key].filter(Boolean).join(' ') || c.corporate;
        if (!roleOf(c.role)) p.raw.problems.push(`Unknown ContributorRole “${clip(c.role, 6)}” for ${clip(name || 'a contributor')}.`);
        p.contributors.push({ seq: p.contributors.length + 1, role: c.role, name });
        p.contributor = { role: '', name: '', before: '', key: '', corporate: '' };
        return;
      }
      case 'LanguageRole':
        p.languageRole = value;
        return;
      case 'LanguageCode':
        p.languageCode = value;
        return;
      case 'Language':
        p.languages.push({ role: p.languageRole, code: p.languageCode });
        p.languageRole = p.languageCode = '';
        return;
      case 'TextType':
        p.textType = value;
        return;
      case 'Text':
        if (!p.texts.has(p.textType)) p.texts.set(p.textType, value);
        return;
      case 'TextContent':
        p.textType = '';
        return;
      case 'ResourceContentType':
        p.resourceType = value;
        return;
      case 'ResourceLink':
        if (p.resourceType === '01') p.resourceLinks.push(value);
        return;
      case 'SupportingResource':
        p.resourceType = '';
        return;
      case 'ImprintName':
        p.imprintName = value;
        return;
      case 'PublisherName':
        p.publisherName = value;
        return;
      case 'PriceType':
        p.priceType = value;
        return;
      case 'PriceAmount':
        p.priceAmount = value;
        return;
      case 'CurrencyCode':
        if (parent === 'Price') p.priceCurrency = value;
        return;
      case 'Price':
        p.prices.push({ type: p.priceType, amount: p.priceAmount, currency: p.priceCurrency });
        p.priceType = p.priceAmount = p.priceCurrency = '';
        return;
    }
  }
}

/**
 * An ONIX file as chunks of text (a stream, or one string in tests) → its products' rows in file
 * order, each as soon as it closes. A problem with the whole file throws FileProblem — possibly
 * after rows were yielded (bad XML at the end), so the caller stores nothing until the end.
 */
export async function* onixRows(chunks: AsyncIterable<string> | Iterable<string>, maxRows: number): AsyncGenerator<RawRow> {
  const reader = new OnixReader(maxRows);
  for await (const chunk of chunks) {
    reader.write(chunk);
    if (reader.fileProblem) throw new FileProblem(reader.fileProblem);
    yield* reader.take();
  }
  reader.finish();
  if (reader.fileProblem) throw new FileProblem(reader.fileProblem);
  yield* reader.take();
}

/** A whole ONIX file's rows, or why it cannot be imported (for tests and small files). */
export const readOnix = (chunks: AsyncIterable<string> | Iterable<string>, maxRows: number): Promise<OnixResult> => collectRows(onixRows(chunks, maxRows));
