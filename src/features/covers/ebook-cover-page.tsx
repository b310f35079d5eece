/**
 * `/cover`: the ebook cover designer. A background (colour, gradient or an image from /files) and
 * the title and author as text layers; a live preview to drag them on; the cover exported at
 * 1600 × 2560 (DOMAIN.md) as PNG or JPEG, drawn in the browser; "Set as cover" puts the image in
 * the person's files and makes it the cover of a manuscript they choose. Designs are saved on the
 * server (decision 042) and reopen from `?design={id}`; `?manuscript={id}` preselects the book.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CoverDesign } from '../../../sync/covers/design';
import { fileContentUrl } from '../../../sync/api/files';
import { can } from '../../../sync/roles';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Button, Notice, Page, QueryState, SelectField, TextField, usePageTitle, useToast } from '../../ui';
import { useMyPublications } from '../publishing/publishing-api';
import { useCoverDesign, useCoverDesigns, useImageFiles, useSaveDesign, useSetAsCover } from './ebook-api';
import { BackgroundControls, designProblem, LayerControls } from './ebook-controls';
import { exportFileName, renderCover, type ExportType } from './ebook-draw';
import { useCoverFonts } from './ebook-fonts';
import { defaultDesign } from './ebook-layout';
import { CoverStage } from './ebook-stage';
import './covers.css';
import './ebook-cover.css';

/** The background image as a loaded element (same origin, so the canvas stays exportable). */
function useBackgroundImage(fileId: string | null): { image: HTMLImageElement | null; failed: boolean } {
  const [state, setState] = useState<{ id: string | null; image: HTMLImageElement | null; failed: boolean }>({ id: null, image: null, failed: false });
  useEffect(() => {
    if (!fileId) return;
    let live = true;
    const img = new Image();
    img.onload = () => live && setState({ id: fileId, image: img, failed: false });
    img.onerror = () => live && setState({ id: fileId, image: null, failed: true });
    img.src = fileContentUrl(fileId);
    return () => {
      live = false;
    };
  }, [fileId]);
  return state.id === fileId && fileId ? state : { image: null, failed: false };
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function OpenDesign({ current }: { current: string | null }) {
  const designs = useCoverDesigns();
  const navigate = useNavigate();
  const list = designs.data?.designs ?? [];
  return (
    <div className="ebook-open">
      <SelectField
        label="Your designs"
        value={current ?? ''}
        disabled={!designs.data}
        onChange={(e) => void navigate(e.target.value ? `/cover?design=${encodeURIComponent(e.target.value)}` : '/cover')}
      >
        <option value="">{list.length ? 'A new design' : 'No saved designs yet'}</option>
        {list.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function SetAsCover({ render, initial }: { render: () => Promise<Blob>; initial: string | null }) {
  const books = useMyPublications();
  const setAsCover = useSetAsCover();
  const [manuscriptId, setManuscriptId] = useState(initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ id: string; title: string } | null>(null);
  const items = books.data?.items ?? [];
  const chosen = manuscriptId || items[0]?.id || '';
  const run = async () => {
    setError(null);
    setDone(null);
    const book = items.find((b) => b.id === chosen);
    if (!book) return setError('Pick a manuscript.');
    try {
      const blob = await render();
      await setAsCover.mutateAsync({ manuscriptId: book.id, blob, fileName: `${book.title.slice(0, 80) || 'Ebook'} cover.png` });
      setDone({ id: book.id, title: book.title });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <section className="ebook-set" aria-labelledby="ebook-set-heading">
      <h2 id="ebook-set-heading">Set as a book's cover</h2>
      <QueryState query={books} what="your manuscripts">
        {() =>
          items.length === 0 ? (
            <p className="muted">
              No manuscripts yet: <Link to="/editor">start one</Link>, then give it this cover.
            </p>
          ) : (
            <div className="ebook-set-row">
              <SelectField label="Manuscript" value={chosen} onChange={(e) => setManuscriptId(e.target.value)} error={error ?? undefined}>
                {items.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.title || 'Untitled'}
                  </option>
                ))}
              </SelectField>
              <Button loading={setAsCover.isPending} onClick={() => void run()}>
                Set as cover
              </Button>
            </div>
          )
        }
      </QueryState>
      {done && (
        <Notice tone="success" title="Cover set">
          The PNG is in your files and is now the cover of “{done.title}”.{' '}
          <Link to={`/publishing/${encodeURIComponent(done.id)}`}>See it with the book's details</Link>.
        </Notice>
      )}
    </section>
  );
}

function CoverEditor({ id, savedName, saved }: { id: string | null; savedName: string; saved: CoverDesign | null }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const canUseFiles = can(user, 'manuscripts:write');
  const canSetCover = can(user, 'publishing:submit');
  const [design, setDesign] = useState<CoverDesign>(() => saved ?? defaultDesign('Your Book Title', user?.displayName ?? ''));
  const [name, setName] = useState(savedName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<ExportType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { ready, measure } = useCoverFonts();
  const files = useImageFiles(canUseFiles);
  const save = useSaveDesign();
  const images = useMemo(() => (files.data ? files.data.files.filter((f) => f.kind === 'image') : null), [files.data]);
  const bg = design.background;
  const { image, failed } = useBackgroundImage(bg.kind === 'image' && bg.fileId ? bg.fileId : null);

  const problem = designProblem(design);
  // While a field holds a value the cover can't take, the preview keeps the last good drawing.
  const lastGood = useRef(design);
  if (!problem) lastGood.current = design;
  const shown = problem ? lastGood.current : design;

  const render = () => renderCover(shown, bg.kind === 'image' ? image : null, measure, 'image/png');
  const exportAs = async (type: ExportType) => {
    setExporting(type);
    setError(null);
    try {
      download(await renderCover(shown, bg.kind === 'image' ? image : null, measure, type), exportFileName(shown, type));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setExporting(null);
    }
  };
  const saveDesign = () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Name the design.');
    setNameError(null);
    save.mutate(
      { id, name: trimmed, design: shown },
      {
        onSuccess: ({ design: savedDesign }) => {
          toast(`Saved “${savedDesign.name}”.`, { tone: 'success' });
          if (!id) {
            const next = new URLSearchParams(params);
            next.set('design', savedDesign.id);
            void navigate(`/cover?${next.toString()}`, { replace: true });
          }
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const imageMissing = bg.kind === 'image' && (failed || (images !== null && bg.fileId !== '' && !images.some((f) => f.id === bg.fileId)));

  return (
    <div className="ebook-designer">
      <form className="kdp-controls" aria-label="Cover settings" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Design</legend>
          <OpenDesign current={id} />
          <TextField label="Design name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} error={nameError ?? undefined} />
        </fieldset>
        <BackgroundControls background={bg} images={images} canUseFiles={canUseFiles} onChange={(background) => setDesign((d) => ({ ...d, background }))} />
        <LayerControls legend="Title" layer={design.title} measure={measure} onChange={(title) => setDesign((d) => ({ ...d, title }))} />
        <LayerControls legend="Author" layer={design.author} measure={measure} onChange={(author) => setDesign((d) => ({ ...d, author }))} />
      </form>

      <section className="ebook-main" aria-labelledby="ebook-preview-heading">
        <div className="kdp-stage-bar">
          <h2 id="ebook-preview-heading">Preview</h2>
          <Button variant="secondary" loading={save.isPending} onClick={saveDesign} disabled={Boolean(problem)}>
            {id ? 'Save design' : 'Save as new design'}
          </Button>
        </div>
        <div className="kdp-warnings" role="status" aria-live="polite">
          {problem && <Notice tone="warning">{problem}</Notice>}
          {imageMissing && (
            <Notice tone="warning" title="The background image is gone">
              It was deleted from your files. Pick another image, or a colour.
            </Notice>
          )}
          {error && (
            <Notice tone="error" title="That didn't work">
              {error}
            </Notice>
          )}
        </div>
        <div className="kdp-canvas">
          <CoverStage design={shown} image={bg.kind === 'image' ? image : null} measure={measure} ready={ready} onChange={setDesign} />
        </div>
        <p className="muted ebook-hint">Drag the title or author on the preview, or focus one (Tab) and move it with the arrow keys; Shift moves further.</p>
        <div className="ebook-exports">
          <Button onClick={() => void exportAs('image/png')} loading={exporting === 'image/png'} disabled={!ready || Boolean(problem)}>
            Download PNG
          </Button>
          <Button variant="secondary" onClick={() => void exportAs('image/jpeg')} loading={exporting === 'image/jpeg'} disabled={!ready || Boolean(problem)}>
            Download JPEG
          </Button>
          <span className="muted">1600 × 2560 px, the size ebook stores ask for.</span>
        </div>
        {canSetCover && <SetAsCover render={render} initial={params.get('manuscript')} />}
      </section>
    </div>
  );
}

export function CoverPage() {
  const [params] = useSearchParams();
  const designId = params.get('design');
  const opened = useCoverDesign(designId);
  const title = 'Ebook cover';
  usePageTitle(title);
  const description = 'Design the cover your ebook shows in the store and on readers’ shelves: a background, the title and your name, exported at 1600 × 2560.';
  if (designId && !opened.data)
    return (
      <Page title={title} description={description}>
        <QueryState query={opened} what="this cover design">
          {() => null}
        </QueryState>
      </Page>
    );
  const detail = opened.data?.design ?? null;
  return (
    <div className="kdp-page">
      <header className="kdp-header">
        <h1>{title}</h1>
        <p>{description}</p>
      </header>
      <CoverEditor key={detail?.id ?? 'new'} id={detail?.id ?? null} savedName={detail?.name ?? 'My cover'} saved={detail?.design ?? null} />
    </div>
  );
}
