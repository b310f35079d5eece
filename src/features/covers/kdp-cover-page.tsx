/**
 * `/kdp-cover` (authors, publishers, admins): the paperback cover designer. Opened from a book's
 * print layout (/printable) it arrives with that layout's trim, page count, title and author in the
 * query (`?trim=6x9&pages=212&title=…&author=…&from=…`); otherwise it starts from a blank template.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Notice, usePageTitle } from '../../ui';
import { useSession } from '../../lib/session';
import { CoverDesigner } from './cover-designer';
import type { CoverDesign } from './cover-text';
import { isPaperId, isTrimId, pageCountProblem } from './kdp-maths';

const BLANK: CoverDesign = {
  trimId: '6x9',
  paper: 'white',
  pages: 200,
  title: 'Your Book Title',
  author: '',
  blurb: 'The back-cover blurb goes here: a few lines that make a browser want to open the book.',
  background: '#1f3a4d',
  ink: '#f6efe3',
};

export function KdpCoverPage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const pagesText = params.get('pages') ?? undefined;
  const pages = Number(pagesText);
  const linked = pagesText !== undefined && !pageCountProblem(pages);
  const initial: CoverDesign = {
    ...BLANK,
    trimId: isTrimId(params.get('trim')) ? params.get('trim')! : BLANK.trimId,
    paper: isPaperId(params.get('paper')) ? (params.get('paper') as CoverDesign['paper']) : BLANK.paper,
    pages: linked ? pages : BLANK.pages,
    title: params.get('title') ?? BLANK.title,
    author: params.get('author') ?? user?.displayName ?? BLANK.author,
  };
  const from = params.get('from');
  return (
    <KdpShell
      title="Paperback cover"
      description="Design the full wrap for a KDP paperback: back, spine and front on one sheet, sized from the trim, paper and page count."
      initial={initial}
      pagesText={pagesText}
      source={
        pagesText !== undefined && from ? (
          <Notice tone={linked ? 'info' : 'warning'} title="From the print layout">
            {`“${from}” typesets to ${pagesText} pages.`} {linked ? 'Change the count here if the book changes.' : 'KDP cannot print that as a paperback.'}
          </Notice>
        ) : undefined
      }
    />
  );
}

export function KdpShell({
  title,
  description,
  initial,
  pagesText,
  source,
  children,
}: {
  title: string;
  description: string;
  initial: CoverDesign;
  pagesText?: string;
  source?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="kdp-page">
      <header className="kdp-header">
        <h1>{title}</h1>
        <p>{description}</p>
      </header>
      {children}
      <CoverDesigner initial={initial} pagesText={pagesText} source={source} />
    </div>
  );
}
