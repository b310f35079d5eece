/**
 * `/kdp-cover` (authors, publishers, admins): the paperback cover designer. Opened from a book's
 * print layout (/printable) it arrives with that layout's trim, page count, title and author in the
 * query (`?trim=6x9&pages=212&title=…&author=…&from=…`); otherwise it starts from a blank template.
 * `?manuscript={id}` opens a manuscript's saved cover (decision 069): its page count comes from
 * the manuscript's print layout at the cover's trim, and the design is saved on the server.
 */
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { PaperbackCoverResponse } from '../../../sync/api/paperback-covers';
import { ApiRequestError } from '../../lib/api';
import { Button, EmptyState, formatDateTime, LinkButton, Notice, Skeleton, usePageTitle } from '../../ui';
import { useSession } from '../../lib/session';
import { CoverDesigner, type LinkedManuscript } from './cover-designer';
import type { CoverDesign } from './cover-text';
import { manuscriptPrintHref } from './kdp-link';
import { isPaperId, isTrimId, pageCountProblem } from './kdp-maths';
import { saveFailure, usePaperbackCover, useSavePaperbackCover } from './paperback-api';

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
  const manuscriptId = params.get('manuscript');
  if (manuscriptId) return <ManuscriptCover manuscriptId={manuscriptId} trimParam={params.get('trim')} />;
  return <UnlinkedCover />;
}

function UnlinkedCover() {
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

/** A manuscript's saved cover, sized by its print layout. */
function ManuscriptCover({ manuscriptId, trimParam }: { manuscriptId: string; trimParam: string | null }) {
  const cover = usePaperbackCover(manuscriptId);
  usePageTitle('Paperback cover');
  if (cover.isPending) {
    return (
      <div className="page">
        <Skeleton lines={6} label="Opening the paperback cover…" />
      </div>
    );
  }
  if (cover.error) {
    const status = cover.error instanceof ApiRequestError ? cover.error.status : 0;
    const offline = cover.error instanceof ApiRequestError && cover.error.isNetwork;
    return (
      <EmptyState
        level={1}
        title={status === 404 ? 'No such manuscript' : offline ? "You're offline" : "Can't open this cover"}
        action={<LinkButton to="/kdp-cover">Design a cover without a manuscript</LinkButton>}
      >
        <p>{offline ? 'A saved cover opens when you are back online.' : cover.error.message}</p>
      </EmptyState>
    );
  }
  // Keyed by the manuscript, so another manuscript's cover starts from its own design.
  return <LinkedDesigner key={manuscriptId} data={cover.data} trimParam={trimParam} />;
}

function LinkedDesigner({ data, trimParam }: { data: PaperbackCoverResponse; trimParam: string | null }) {
  const { manuscript } = data;
  const save = useSavePaperbackCover(manuscript.id);
  const saved = data.cover?.design ?? null;
  const initial: CoverDesign = useMemo(() => {
    const base = saved ?? { ...BLANK, title: manuscript.title, author: manuscript.author };
    // Arriving from the print layout at a trim: design for that trim.
    return isTrimId(trimParam) ? { ...base, trimId: trimParam! } : base;
  }, [saved, manuscript, trimParam]);
  const layouts = useMemo(() => Object.fromEntries(data.layouts.map((l) => [l.trimId, l])), [data.layouts]);
  const linked: LinkedManuscript = {
    layouts,
    saved,
    printHref: (trimId) => manuscriptPrintHref(manuscript.id, trimId),
    actions: (shown) => {
      if (!data.mayEdit) return null;
      const dirty = !saved || !shown || (Object.keys(shown) as (keyof CoverDesign)[]).some((k) => shown[k] !== saved[k]);
      const state = save.isPending
        ? 'Saving…'
        : save.isError
          ? 'Not saved'
          : dirty
            ? 'Not saved yet'
            : `Saved ${formatDateTime(data.cover?.updatedAt ?? Date.now())}`;
      return (
        <>
          <Button variant="primary" onClick={() => shown && save.mutate(shown)} loading={save.isPending} disabled={!shown}>
            Save cover
          </Button>
          <span className="kdp-save-state" role="status" data-testid="kdp-save-state">
            {state}
          </span>
        </>
      );
    },
  };
  return (
    <KdpShell
      title="Paperback cover"
      description={`The full wrap for “${manuscript.title}”: its spine follows the manuscript's print layout.`}
      initial={initial}
      linked={linked}
    >
      {!data.mayEdit && (
        <Notice tone="info" title="You can look, not save">
          Only the manuscript's owner and its editors may save its paperback cover.
        </Notice>
      )}
      {save.isError && (
        <Notice tone="error" title="The cover wasn't saved">
          {saveFailure(save.error)}
          {save.error instanceof ApiRequestError && Object.values(save.error.fields).length > 0 && ` ${Object.values(save.error.fields).join(' ')}`}
        </Notice>
      )}
    </KdpShell>
  );
}

export function KdpShell({
  title,
  description,
  initial,
  pagesText,
  source,
  linked,
  children,
}: {
  title: string;
  description: string;
  initial: CoverDesign;
  pagesText?: string;
  source?: ReactNode;
  linked?: LinkedManuscript;
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
      <CoverDesigner initial={initial} pagesText={pagesText} source={source} linked={linked} />
    </div>
  );
}
