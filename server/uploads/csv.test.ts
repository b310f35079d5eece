import { describe, expect, it } from 'vitest';
import { CSV_TEMPLATE } from '../../sync/uploads';
import { readCsv } from './csv';
import { checkRow, markDuplicates, parsePrice } from './record';

const HEADER = 'isbn,title,subtitle,authors,language,price,currency,description,epub_file,cover_file,action';

async function checked(text: string | string[]) {
  const result = await readCsv(typeof text === 'string' ? [text] : text, 100);
  const rows = result.rows.map(checkRow);
  markDuplicates(rows);
  return { fileProblem: result.fileProblem, rows };
}

describe('CSV metadata', () => {
  it('reads the template itself as one valid row', async () => {
    const { fileProblem, rows } = await checked(CSV_TEMPLATE);
    expect(fileProblem).toBeNull();
    expect(rows).toEqual([
      {
        row: 2,
        reference: '9780306406157',
        isbn: '9780306406157',
        problems: [],
        record: {
          action: 'new',
          isbn: '9780306406157',
          title: 'The Harbour Light',
          subtitle: 'A novel',
          contributors: [
            { name: 'Maren Holt', role: 'author' },
            { name: 'Ansel Reed', role: 'author' },
            { name: 'Ida Brandt', role: 'illustrator' },
          ],
          language: 'en',
          description: 'A lighthouse keeper, a storm, and a ship that never answers.',
          priceCents: 999,
          currency: 'USD',
          publisher: '',
          epubFile: 'harbour-light.epub',
          coverFile: 'harbour-light.jpg',
          keywords: ['lighthouse', 'storm', 'sea'],
          series: 'Harbour Tales',
          seriesNumber: 1,
        },
      },
    ]);
  });

  it('takes columns in any order, a BOM, hyphenated ISBN-10s, JPY without decimals, streamed in pieces', async () => {
    const text = '\uFEFFTitle,ISBN,Authors,Language,Price,Currency\r\nOne,0-306-40615-2,A. Writer,jpn,1200,JPY\r\n';
    const { rows } = await checked(text.match(/[\s\S]{1,5}/g)!);
    expect(rows[0]!.record).toMatchObject({ isbn: '9780306406157', language: 'ja', priceCents: 1200, currency: 'JPY', action: 'new' });
  });

  it('reports each bad row with its line and reasons, and keeps the rest', async () => {
    const lines = [
      HEADER,
      '9780306406157,Good,,A. Writer,en,4.99,USD,,,,',
      ',No ISBN,,A. Writer,en,4.99,USD,,,,',
      '9780306406158,Bad checksum,,A. Writer,en,4.99,USD,,,,',
      '9780306406164,Bad price,,A. Writer,en,$4.99,USD,,,,',
      '9780306406171,Too precise,,A. Writer,en,4.999,USD,,,,',
      '9780306406188,Codes,,A. Writer,xx-!,4.99,ZZZ,,,,publish',
      '9780306406195,,,,en,4.99,USD,,,,',
      '9780306406157,Twice,,A. Writer,en,4.99,USD,,,,',
      '9780306406201,,,,,,,,,,withdraw',
    ];
    const { fileProblem, rows } = await checked(lines.join('\n'));
    expect(fileProblem).toBeNull();
    expect(rows.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [3, ['Missing identifier: every row needs its ISBN.']],
      [4, ['The ISBN’s check digit does not match: a digit is mistyped.']],
      [5, ['“$4.99” is not a price: write it like 9.99, without a currency sign.']],
      [6, ['USD prices have at most 2 decimals: “4.999”.']],
      [7, ['Unknown action “publish”: use new, update or withdraw.', 'Unknown language code “xx-!”.', 'Unknown currency code “ZZZ”.']],
      [8, ['Missing title.', 'Missing author: name at least one.']],
      [9, ['The ISBN is already in row 2 of this file.']],
      [10, []],
    ]);
    expect(rows[8]!.record).toMatchObject({ action: 'withdraw', isbn: '9780306406201' });
  });

  it('reads keywords, series and contributors with roles, by the /publishing form’s rules, row by row', async () => {
    const head = 'isbn,title,authors,contributors,language,price,currency,keywords,series,series_number';
    const lines = [
      head,
      '9780306406157,Good,A. Writer,"B. Editor (Editor); C. Drawer (A12)",en,4.99,USD," sea ; storm;sea;; ",Tides,2',
      '9780306406164,Eight keywords,A. Writer,,en,4.99,USD,a;b;c;d;e;f;g;h,,',
      `9780306406171,Long keyword,A. Writer,,en,4.99,USD,${'k'.repeat(51)},,`,
      '9780306406188,Number alone,A. Writer,,en,4.99,USD,,,3',
      '9780306406195,Bad number,A. Writer,,en,4.99,USD,,Tides,two',
      '9780306406201,Zero,A. Writer,,en,4.99,USD,,Tides,0',
      '9780306406218,No role,A. Writer,B. Editor,en,4.99,USD,,,',
      '9780306406225,Unknown role,A. Writer,B. Editor (Gaffer),en,4.99,USD,,,',
    ];
    const { rows } = await checked(lines.join('\n'));
    expect(rows[0]!.record).toMatchObject({
      contributors: [
        { name: 'A. Writer', role: 'author' },
        { name: 'B. Editor', role: 'editor' },
        { name: 'C. Drawer', role: 'illustrator' },
      ],
      keywords: ['sea', 'storm'],
      series: 'Tides',
      seriesNumber: 2,
    });
    expect(rows.slice(1, 8).map((r) => [r.row, r.problems])).toEqual([
      [3, ['Keywords: Use at most 7 keywords.']],
      [4, ['Keywords: Keep each keyword under 50 characters.']],
      [5, ['Series: Name the series this book is part of.']],
      [6, ['Series number: Use a whole number.']],
      [7, ['Series number: Number the books from 1.']],
      [
        8,
        ['Contributors: give “B. Editor” a role in brackets: Author, Editor, Illustrator, Translator or Narrator (or the ONIX codes A01, B01, A12, B06, E07).'],
      ],
      [
        9,
        [
          'Contributors: give “B. Editor (Gaffer)” a role in brackets: Author, Editor, Illustrator, Translator or Narrator (or the ONIX codes A01, B01, A12, B06, E07).',
        ],
      ],
    ]);
    expect(rows.slice(1, 8).every((r) => r.record === null)).toBe(true);
  });

  it('refuses files it cannot read as the template', async () => {
    expect((await checked('isbn,title,colour\n1,2,3\n')).fileProblem).toMatch(/^Unknown column “colour”/);
    expect((await checked('isbn,title\n1,2\n')).fileProblem).toBe('Missing column “authors”: the first row names the columns, as in the template.');
    expect((await checked('')).fileProblem).toMatch(/^The file is empty/);
    expect((await checked(`${HEADER}\n`)).fileProblem).toBe('The file has a header but no rows.');
    expect((await checked(`${HEADER}\n"unclosed,1\n`)).fileProblem).toMatch(/^The file is not valid CSV/);
    expect((await readCsv([`${HEADER}\n1\n2\n`], 1)).fileProblem).toBe('The file has more than 1 rows: split it.');
  });

  it('flags a row with more cells than columns', async () => {
    const { rows } = await checked('isbn,title,authors,language,price,currency\n9780306406157,A, B,C,en,4.99,USD\n');
    expect(rows[0]!.problems).toContain('The row has 7 cells for 6 columns: is a comma inside a cell without quotes?');
  });
});

describe('prices', () => {
  it('reads decimals in the currency’s minor unit', () => {
    expect(parsePrice('9.99', 'USD')).toEqual({ ok: true, cents: 999 });
    expect(parsePrice('9.9', 'EUR')).toEqual({ ok: true, cents: 990 });
    expect(parsePrice('12', 'GBP')).toEqual({ ok: true, cents: 1200 });
    expect(parsePrice('0', 'USD')).toEqual({ ok: true, cents: 0 });
    expect(parsePrice('1.5', 'JPY').ok).toBe(false);
    expect(parsePrice('-1', 'USD').ok).toBe(false);
    expect(parsePrice('2000000', 'USD').ok).toBe(false);
  });
});
