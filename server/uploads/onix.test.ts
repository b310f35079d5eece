import { describe, expect, it } from 'vitest';
import { ONIX_REFERENCE_NS, ONIX_SHORT_NS, readOnix } from './onix';
import { checkRow, markDuplicates } from './record';

interface Spec {
  ref?: string;
  notification?: string;
  idType?: string;
  isbn?: string | null;
  title?: string;
  form?: string;
  role?: string;
  language?: string;
  price?: string;
  currency?: string;
}

/** One <Product> in reference tags. */
function product(s: Spec = {}): string {
  const id =
    s.isbn === null
      ? ''
      : `<ProductIdentifier><ProductIDType>${s.idType ?? '15'}</ProductIDType><IDValue>${s.isbn ?? '9780306406157'}</IDValue></ProductIdentifier>`;
  return `<Product>
    <RecordReference>${s.ref ?? 'com.example.1'}</RecordReference>
    <NotificationType>${s.notification ?? '03'}</NotificationType>
    ${id}
    <DescriptiveDetail>
      <ProductComposition>00</ProductComposition>
      <ProductForm>${s.form ?? 'ED'}</ProductForm>
      <ProductFormDetail>E101</ProductFormDetail>
      <TitleDetail><TitleType>01</TitleType>
        <TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>${s.title ?? 'The Harbour Light'}</TitleText><Subtitle>A novel</Subtitle></TitleElement>
      </TitleDetail>
      <Contributor><SequenceNumber>1</SequenceNumber><ContributorRole>${s.role ?? 'A01'}</ContributorRole><PersonName>Maren Holt</PersonName></Contributor>
      <Contributor><SequenceNumber>2</SequenceNumber><ContributorRole>B01</ContributorRole><NamesBeforeKey>Ansel</NamesBeforeKey><KeyNames>Reed</KeyNames></Contributor>
      <Language><LanguageRole>01</LanguageRole><LanguageCode>${s.language ?? 'eng'}</LanguageCode></Language>
    </DescriptiveDetail>
    <CollateralDetail>
      <TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text textformat="05"><p>A keeper, <em>a storm</em>.</p></Text></TextContent>
      <SupportingResource><ResourceContentType>01</ResourceContentType><ContentAudience>00</ContentAudience><ResourceMode>03</ResourceMode>
        <ResourceVersion><ResourceForm>02</ResourceForm><ResourceLink>https://cdn.example.com/covers/harbour.jpg</ResourceLink></ResourceVersion>
      </SupportingResource>
    </CollateralDetail>
    <PublishingDetail><Imprint><ImprintName>Lantern House</ImprintName></Imprint></PublishingDetail>
    <ProductSupply><SupplyDetail><Supplier><SupplierRole>09</SupplierRole><SupplierName>Quire</SupplierName></Supplier>
      <Price><PriceType>02</PriceType><PriceAmount>${s.price ?? '9.99'}</PriceAmount><CurrencyCode>${s.currency ?? 'USD'}</CurrencyCode></Price>
    </SupplyDetail></ProductSupply>
  </Product>`;
}

const message = (products: string, ns = ONIX_REFERENCE_NS) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ONIXMessage release="3.0" xmlns="${ns}"><Header><Sender><SenderName>Lantern</SenderName></Sender></Header>${products}</ONIXMessage>`;

/** The same message in short tags: a rough but faithful translation for the elements used here. */
function toShort(xml: string): string {
  const map: Record<string, string> = {
    ONIXMessage: 'ONIXmessage',
    Header: 'header',
    Sender: 'sender',
    SenderName: 'x298',
    Product: 'product',
    RecordReference: 'a001',
    NotificationType: 'a002',
    ProductIdentifier: 'productidentifier',
    ProductIDType: 'b221',
    IDValue: 'b244',
    DescriptiveDetail: 'descriptivedetail',
    ProductComposition: 'x314',
    ProductForm: 'b012',
    ProductFormDetail: 'b333',
    TitleDetail: 'titledetail',
    TitleType: 'b202',
    TitleElement: 'titleelement',
    TitleElementLevel: 'x409',
    TitleText: 'b203',
    Subtitle: 'b029',
    Contributor: 'contributor',
    SequenceNumber: 'b034',
    ContributorRole: 'b035',
    PersonName: 'b036',
    NamesBeforeKey: 'b039',
    KeyNames: 'b040',
    Language: 'language',
    LanguageRole: 'b253',
    LanguageCode: 'b252',
    CollateralDetail: 'collateraldetail',
    TextContent: 'textcontent',
    TextType: 'x426',
    ContentAudience: 'x427',
    Text: 'd104',
    SupportingResource: 'supportingresource',
    ResourceContentType: 'x436',
    ResourceMode: 'x437',
    ResourceVersion: 'resourceversion',
    ResourceForm: 'x441',
    ResourceLink: 'x435',
    PublishingDetail: 'publishingdetail',
    Imprint: 'imprint',
    ImprintName: 'b079',
    ProductSupply: 'productsupply',
    SupplyDetail: 'supplydetail',
    Supplier: 'supplier',
    SupplierRole: 'j292',
    SupplierName: 'j137',
    Price: 'price',
    PriceType: 'x462',
    PriceAmount: 'j151',
    CurrencyCode: 'j152',
  };
  return xml
    .replace(/<(\/?)([A-Za-z]+)/g, (m, slash: string, name: string) => (map[name] ? `<${slash}${map[name]}` : m))
    .replace(ONIX_REFERENCE_NS, ONIX_SHORT_NS);
}

const checked = async (xml: string | string[]) => {
  const result = await readOnix(typeof xml === 'string' ? [xml] : xml, 100);
  const rows = result.rows.map(checkRow);
  markDuplicates(rows);
  return { fileProblem: result.fileProblem, rows };
};

const expected = {
  action: 'new',
  isbn: '9780306406157',
  title: 'The Harbour Light',
  subtitle: 'A novel',
  contributors: [
    { name: 'Maren Holt', role: 'author' },
    { name: 'Ansel Reed', role: 'editor' },
  ],
  language: 'en',
  description: 'A keeper, a storm.',
  priceCents: 999,
  currency: 'USD',
  publisher: 'Lantern House',
  epubFile: '',
  coverFile: 'harbour.jpg',
  keywords: [],
  series: '',
  seriesNumber: null,
};

describe('ONIX 3.0, both tag sets', () => {
  it('reads a product in reference tags', async () => {
    const { fileProblem, rows } = await checked(message(product()));
    expect(fileProblem).toBeNull();
    expect(rows).toEqual([{ row: 1, reference: 'com.example.1', isbn: '9780306406157', record: expected, problems: [] }]);
  });

  it('reads the same product in short tags', async () => {
    const xml = toShort(message(product()));
    expect(xml).toContain('<b244>');
    const { fileProblem, rows } = await checked(xml);
    expect(fileProblem).toBeNull();
    expect(rows[0]!.record).toEqual(expected);
  });

  it('reads a file split into chunks anywhere, as it streams in', async () => {
    const xml = message(product() + product({ ref: 'r2', isbn: '9780306406164' }));
    const chunks = xml.match(/[\s\S]{1,7}/g)!;
    const { rows } = await checked(chunks);
    expect(rows.map((r) => r.record?.isbn)).toEqual(['9780306406157', '9780306406164']);
    expect(rows[0]!.record).toEqual(expected);
  });

  it('maps NotificationType 04 to an update and 05 to a withdrawal', async () => {
    const { rows } = await checked(message(product({ notification: '04' }) + product({ notification: '05', isbn: '9780306406164', price: '' })));
    expect(rows.map((r) => r.record?.action)).toEqual(['update', 'withdraw']);
  });

  it('accepts a GTIN-13 that is an ISBN, and an ISBN-10 as its ISBN-13', async () => {
    const { rows } = await checked(message(product({ idType: '03' }) + product({ idType: '02', isbn: '0306406152', ref: 'r2' })));
    expect(rows.map((r) => r.isbn)).toEqual(['9780306406157', '9780306406157']);
    expect(rows[1]!.record).toBeNull();
    expect(rows[1]!.problems).toEqual(['The ISBN is already in row 1 of this file.']);
  });
});

describe('malformed ONIX', () => {
  it('refuses a file in the wrong namespace (ONIX 2.1, or none)', async () => {
    for (const ns of ['http://www.editeur.org/onix/2.1/reference', '']) {
      const xml = message(product()).replace(` xmlns="${ONIX_REFERENCE_NS}"`, ns ? ` xmlns="${ns}"` : '');
      const { fileProblem, rows } = await checked(xml);
      expect(fileProblem).toMatch(/^Wrong namespace/);
      expect(rows).toEqual([]);
    }
  });

  it('refuses reference tags in the short namespace', async () => {
    const xml = message(product()).replace(ONIX_REFERENCE_NS, ONIX_SHORT_NS);
    expect((await checked(xml)).fileProblem).toMatch(/^Wrong namespace/);
  });

  it('reports an element of a product in a foreign namespace on that row', async () => {
    const odd = product({ ref: 'r2', isbn: '9780306406164' }).replace('<ProductForm>', '<x:Note xmlns:x="urn:other">hi</x:Note><ProductForm>');
    const { rows } = await checked(message(product() + odd));
    expect(rows[0]!.problems).toEqual([]);
    expect(rows[1]!.record).toBeNull();
    expect(rows[1]!.problems).toEqual(["Wrong namespace: <x:Note> is in “urn:other”, not the message's."]);
  });

  it('reports XML that is not well-formed, and files with no product', async () => {
    expect((await checked(message(product()).replace('</TitleText>', ''))).fileProblem).toMatch(/^The file is not well-formed XML \(line \d+\)/);
    expect((await checked(message(''))).fileProblem).toBe('The file has no <Product>.');
    expect((await checked('<html/>')).fileProblem).toBe('This is not an ONIX message: the root element is <html>.');
  });

  it('gives each bad product its reasons and keeps the good ones', async () => {
    const { fileProblem, rows } = await checked(
      message(
        [
          product({ ref: 'ok', isbn: '9780306406157' }),
          product({ ref: 'no-id', isbn: null }),
          product({ ref: 'proprietary-id', idType: '01', isbn: 'LH-0042' }),
          product({ ref: 'checksum', isbn: '9780306406158' }),
          product({ ref: 'price', isbn: '9780306406171', price: '9,99' }),
          product({ ref: 'codes', isbn: '9780306406188', notification: '09', role: 'Z99', currency: 'XYZ', language: 'klingon' }),
          product({ ref: 'print', isbn: '9780306406195', form: 'BC' }),
        ].join(''),
      ),
    );
    expect(fileProblem).toBeNull();
    const byRef = Object.fromEntries(rows.map((r) => [r.reference, r]));
    expect(byRef.ok!.record).not.toBeNull();
    expect(byRef['no-id']!.problems).toEqual(['Missing identifier: every row needs its ISBN.']);
    expect(byRef['proprietary-id']!.problems).toEqual(['Missing identifier: no ISBN among ProductIDType 01.', 'Missing identifier: every row needs its ISBN.']);
    expect(byRef.checksum!.problems).toEqual(['The ISBN’s check digit does not match: a digit is mistyped.']);
    expect(byRef.price!.problems).toEqual(['“9,99” is not a price: write it like 9.99, without a currency sign.']);
    expect(byRef.codes!.problems).toEqual([
      'Unknown NotificationType “09”: 03 is new, 04 an update, 05 a withdrawal.',
      'Unknown ContributorRole “Z99” for Maren Holt.',
      'Unknown language code “klingon”.',
      'Unknown currency code “XYZ”.',
    ]);
    expect(byRef.print!.problems).toEqual(['ProductForm BC is a print edition; Quire imports ebooks (ED).']);
    expect(rows.filter((r) => r.record).length).toBe(1);
  });

  it('refuses a file with more products than allowed', async () => {
    const result = await readOnix([message(product() + product({ isbn: '9780306406164' }))], 1);
    expect(result.fileProblem).toBe('The file has more than 1 products: split it.');
  });
});
