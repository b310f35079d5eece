/**
 * `/kdp-demo` and `/kdp-test` (admins and development builds): the paperback cover designer on
 * sample data. The test page also checks the maths live against KDP's published example and
 * tabulates every trim and paper, so a wrong constant shows at a glance.
 */
import { Badge, Table, type Column } from '../../ui';
import type { CoverDesign } from './cover-text';
import { KdpShell } from './kdp-cover-page';
import { coverLayout, pageCountProblem, PAPERS, roundInches } from './kdp-maths';
import { TRIMS, type Trim } from '../../../sync/print/trim';

const SAMPLE: CoverDesign = {
  trimId: '6x9',
  paper: 'white',
  pages: 200,
  title: 'The Salt Orchard',
  author: 'Maren Holt',
  blurb:
    'For forty years the lamp at Gull Point never went out. Then the sea gave back the orchard it had drowned, and Maren — the keeper’s daughter, who never meant to stay — has one winter to learn why.\n\n“A tender, salt-bitten novel about what a place keeps.”',
  background: '#1f3a4d',
  ink: '#f6efe3',
};

export function KdpDemoPage() {
  return <KdpShell title="Paperback cover demo" description="The cover designer on a sample book: try other trims, papers and page counts." initial={SAMPLE} />;
}

interface Check {
  id: string;
  what: string;
  expected: string;
  actual: string;
}

function checks(): Check[] {
  const example = coverLayout({ trimId: '6x9', paper: 'white', pages: 200 });
  return [
    { id: 'spine', what: 'KDP example: spine, 6 × 9 in, 200 pages, white', expected: '0.4504 in', actual: `${roundInches(example.spineWidth)} in` },
    {
      id: 'full',
      what: 'KDP example: full cover with bleed',
      expected: '12.7004 × 9.25 in',
      actual: `${roundInches(example.width)} × ${roundInches(example.height)} in`,
    },
    {
      id: 'spine-78',
      what: 'Spine text at 78 pages',
      expected: 'not allowed',
      actual: coverLayout({ ...SAMPLE, pages: 78 }).spineTextAllowed ? 'allowed' : 'not allowed',
    },
    {
      id: 'spine-79',
      what: 'Spine text at 79 pages',
      expected: 'allowed',
      actual: coverLayout({ ...SAMPLE, pages: 79 }).spineTextAllowed ? 'allowed' : 'not allowed',
    },
    {
      id: 'min',
      what: '23 and 24 pages',
      expected: 'refused, printed',
      actual: `${pageCountProblem(23) ? 'refused' : 'printed'}, ${pageCountProblem(24) ? 'refused' : 'printed'}`,
    },
    {
      id: 'max',
      what: '828 and 829 pages',
      expected: 'printed, refused',
      actual: `${pageCountProblem(828) ? 'refused' : 'printed'}, ${pageCountProblem(829) ? 'refused' : 'printed'}`,
    },
  ];
}

const CHECK_COLUMNS: Column<Check>[] = [
  { key: 'what', header: 'Check', render: (c) => c.what },
  { key: 'expected', header: 'Expected', render: (c) => c.expected },
  { key: 'actual', header: 'Computed', render: (c) => c.actual },
  { key: 'result', header: 'Result', render: (c) => (c.actual === c.expected ? <Badge tone="success">Pass</Badge> : <Badge tone="danger">Fail</Badge>) },
];

const PAGES_FOR_TABLE = 300;
const TRIM_COLUMNS: Column<Trim>[] = [
  { key: 'trim', header: 'Trim', render: (t) => t.label },
  ...PAPERS.map((p) => ({
    key: p.id,
    header: p.label,
    render: (t: Trim) => `${roundInches(coverLayout({ trimId: t.id, paper: p.id, pages: PAGES_FOR_TABLE }).width)} in`,
  })),
];

export function KdpTestPage() {
  return (
    <KdpShell
      title="Paperback cover test"
      description="The KDP cover maths checked against KDP's published figures, then the designer on sample data."
      initial={SAMPLE}
    >
      <section className="kdp-checks" aria-labelledby="kdp-checks-heading">
        <h2 id="kdp-checks-heading">Maths checks</h2>
        <Table columns={CHECK_COLUMNS} rows={checks()} rowKey={(c) => c.id} caption="KDP cover rules, computed now" />
        <h2>Full cover width at {PAGES_FOR_TABLE} pages</h2>
        <Table columns={TRIM_COLUMNS} rows={[...TRIMS]} rowKey={(t) => t.id} caption="Full cover width with bleed, in inches, by trim and paper" />
        <p className="kdp-note">Height is the trim height plus 0.25 in of bleed. Standard colour uses the white-paper thickness (one named constant).</p>
      </section>
    </KdpShell>
  );
}
