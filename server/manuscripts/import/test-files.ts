/**
 * Small files for the import tests, built here rather than checked in: a DOCX with just the
 * parts mammoth reads (content types, relationships, styles for the heading names, the body),
 * and a picture to be skipped; EPUBs come from the book importer's test writer.
 */
import { strToU8, zipSync } from 'fflate';

export interface DocxParagraph {
  style?: 'Heading1' | 'Heading2' | 'Title';
  text?: string;
  bold?: string;
  italic?: string;
  underline?: string;
  strike?: string;
  image?: boolean;
  /** Raw WordprocessingML put in the body as is, for shapes the fields above cannot make. */
  xml?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string, props = '') => `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;

const IMAGE_RUN = `<w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="a picture"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

function paragraph(p: DocxParagraph): string {
  if (p.xml !== undefined) return p.xml;
  const style = p.style ? `<w:pPr><w:pStyle w:val="${p.style}"/></w:pPr>` : '';
  const runs = [
    p.text ? run(p.text) : '',
    p.bold ? run(p.bold, '<w:b/>') : '',
    p.italic ? run(p.italic, '<w:i/>') : '',
    p.underline ? run(p.underline, '<w:u w:val="single"/>') : '',
    p.strike ? run(p.strike, '<w:strike/>') : '',
    p.image ? IMAGE_RUN : '',
  ].join('');
  return `<w:p>${style}${runs}</w:p>`;
}

// 1×1 transparent PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

/** `coreTitle`: the title in the document's properties (docProps/core.xml). */
export function buildDocx(paragraphs: DocxParagraph[], { coreTitle }: { coreTitle?: string } = {}): Uint8Array {
  const ns =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
  const style = (id: string, name: string) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>',
    ),
    'word/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:styles ${ns}>${style('Title', 'Title')}${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`,
    ),
    'word/media/image1.png': PNG,
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${ns}><w:body>${paragraphs.map(paragraph).join('')}</w:body></w:document>`),
    ...(coreTitle === undefined
      ? {}
      : {
          'docProps/core.xml': strToU8(
            `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(coreTitle)}</dc:title><dc:creator>Ann</dc:creator></cp:coreProperties>`,
          ),
        }),
  });
}

export const twoChapterDocx = () =>
  buildDocx([
    { style: 'Title', text: 'The Lighthouse Keeper' },
    { style: 'Heading1', text: 'Arrival' },
    { text: 'The boat came in at dusk. ', bold: 'Loud', italic: ' waves', underline: ' everywhere', strike: ' calm' },
    { image: true },
    { style: 'Heading1', text: 'The Lamp' },
    { text: 'She climbed the stairs.' },
  ]);

export const twoChapterMarkdown = `# First Light

The **sun** rose over the _bay_.

- nets
- ropes

# Low Tide

> The sea went out.

![a gull](gull.png)
`;
