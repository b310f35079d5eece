/**
 * The paperback cover designer: KDP's settings and the cover's words on the left, the full wrap
 * drawn to scale on the right. Every change re-lays the cover at once — a new page count widens or
 * narrows the spine and says when the spine can no longer carry text. The PDF is built on demand.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, formatDateTime, Notice, SelectField, TextArea, TextField } from '../../ui';
import { useCoverMeasure } from './cover-font';
import { CoverPreview, GUIDES } from './cover-preview';
import { layoutCoverText, type CoverDesign, type CoverText, type Measure } from './cover-text';
import { formatInches, MAX_PAGES, MIN_PAGES, pageCountProblem, PAPERS, roundInches, SPINE_TEXT_MIN_PAGES, toPoints, type PaperId } from './kdp-maths';
import { pageCountChange } from './page-count-change';
import { TRIMS, trimById } from '../../../sync/print/trim';
import './covers.css';

const DPI = 300;
/** Starting points: background and text colours that read well together. */
const PALETTES = [
  { name: 'Harbour', background: '#1f3a4d', ink: '#f6efe3' },
  { name: 'Ember', background: '#7c2d12', ink: '#fde68a' },
  { name: 'Moss', background: '#283618', ink: '#fefae0' },
  { name: 'Paper', background: '#f4efe6', ink: '#1c1917' },
  { name: 'Night', background: '#111827', ink: '#e5e7eb' },
] as const;

function Spec({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="kdp-spec">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function SpineWarning({ text, pages }: { text: ReturnType<typeof layoutCoverText>; pages: number }) {
  const { spine } = text;
  if (spine.kind === 'fits') return null;
  const title =
    spine.kind === 'not-allowed' ? 'No spine text under 79 pages' : spine.kind === 'too-narrow' ? 'Spine too thin for text' : "The title doesn't fit the spine";
  return (
    <Notice tone="warning" title={title}>
      {spine.message}
      {spine.kind === 'not-allowed' && pages < SPINE_TEXT_MIN_PAGES && ' The spine is left plain; the front and back are unchanged.'}
    </Notice>
  );
}

/**
 * A cover linked to a manuscript (decision 069): the page count comes from its print layout at the
 * chosen trim, and the design as last saved tells whether that count has changed since.
 */
export interface LinkedManuscript {
  layouts: Readonly<Record<string, { pages: number; recordedAt: number }>>;
  saved: CoverDesign | null;
  printHref(trimId: string): string;
  /** The save button and its state, given the cover as shown (null while the page count is refused). */
  actions(shown: CoverDesign | null): ReactNode;
}

function LinkedNotices({ linked, design, text, measure }: { linked: LinkedManuscript; design: CoverDesign; text: CoverText; measure: Measure }) {
  const layout = linked.layouts[design.trimId];
  const trim = trimById(design.trimId);
  const { saved } = linked;
  const savedText = useMemo(() => (saved && !pageCountProblem(saved.pages) ? layoutCoverText(saved, measure) : null), [saved, measure]);
  if (!layout) {
    return (
      <Notice tone="warning" title={`No print layout at ${trim.label} yet`}>
        Typeset the manuscript at this trim and its page count will size the spine.{' '}
        <Link to={linked.printHref(design.trimId)}>Open the print layout at {trim.label}</Link>
      </Notice>
    );
  }
  const change =
    saved && saved.trimId === design.trimId
      ? pageCountChange({ was: saved.pages, now: layout.pages, paper: design.paper, spineBefore: savedText?.spine ?? null, spineAfter: text.spine })
      : null;
  return (
    <>
      {change && (
        <Notice tone={change.refused || change.spineWarning ? 'warning' : 'info'} title="The page count has changed">
          <span data-testid="kdp-page-count-change">{change.message}</span>
          {change.spineWarning && <strong className="kdp-spine-lost"> {change.spineWarning}</strong>}
        </Notice>
      )}
      <p className="kdp-layout-source" data-testid="kdp-layout-source">
        {layout.pages} pages in the print layout at {trim.label}, counted {formatDateTime(layout.recordedAt)}.{' '}
        <Link to={linked.printHref(design.trimId)}>Typeset again</Link>
      </p>
    </>
  );
}

/** `pagesText`: a page count from elsewhere that KDP may refuse; the field shows it with its error. */
export function CoverDesigner({
  initial,
  pagesText,
  source,
  linked,
}: {
  initial: CoverDesign;
  pagesText?: string;
  source?: ReactNode;
  linked?: LinkedManuscript;
}) {
  const [design, setDesign] = useState(initial);
  const [pagesInput, setPagesInput] = useState(pagesText ?? String(initial.pages));
  const [guides, setGuides] = useState(true);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const { measure, ready } = useCoverMeasure();

  // Linked to a manuscript whose print layout has a count at this trim: that count, not the field's.
  const fromLayout = linked?.layouts[design.trimId];
  const pagesValue = fromLayout ? String(fromLayout.pages) : pagesInput;
  const pages = pagesValue.trim() === '' ? Number.NaN : Number(pagesValue);
  const pagesProblem = pageCountProblem(pages);
  // An out-of-range count keeps the last good cover on screen while the field says what's wrong.
  const shown = useMemo(() => (pagesProblem ? design : { ...design, pages }), [design, pages, pagesProblem]);
  const text = useMemo(() => layoutCoverText(shown, measure), [shown, measure]);
  const { layout } = text;
  const set = <K extends keyof CoverDesign>(key: K, value: CoverDesign[K]) => setDesign((d) => ({ ...d, [key]: value }));

  const changePages = (value: string) => {
    setPagesInput(value);
    const n = Number(value);
    if (value.trim() !== '' && !pageCountProblem(n)) set('pages', n);
  };

  const exportPdf = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { downloadCoverPdf } = await import('./cover-export');
      await downloadCoverPdf(shown);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="kdp-designer">
      <form className="kdp-controls" onSubmit={(e) => e.preventDefault()} aria-label="Cover settings">
        {source}
        {linked && <LinkedNotices linked={linked} design={shown} text={text} measure={measure} />}
        <fieldset>
          <legend>Book</legend>
          <SelectField label="Trim size" value={design.trimId} onChange={(e) => set('trimId', e.target.value)}>
            {TRIMS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Paper" value={design.paper} onChange={(e) => set('paper', e.target.value as PaperId)}>
            {PAPERS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Page count"
            type="number"
            inputMode="numeric"
            min={MIN_PAGES}
            max={MAX_PAGES}
            step={1}
            value={pagesValue}
            readOnly={Boolean(fromLayout)}
            onChange={(e) => changePages(e.target.value)}
            error={pagesProblem ?? undefined}
            hint={
              fromLayout
                ? `From the print layout. Spine text from ${SPINE_TEXT_MIN_PAGES} pages.`
                : `${MIN_PAGES}–${MAX_PAGES} pages. Spine text from ${SPINE_TEXT_MIN_PAGES} pages.`
            }
          />
        </fieldset>
        <fieldset>
          <legend>Words</legend>
          <TextField label="Title" value={design.title} onChange={(e) => set('title', e.target.value)} maxLength={160} />
          <TextField label="Author" value={design.author} onChange={(e) => set('author', e.target.value)} maxLength={120} />
          <TextArea
            label="Back cover blurb"
            rows={6}
            value={design.blurb}
            onChange={(e) => set('blurb', e.target.value)}
            maxLength={2000}
            error={text.blurbOverflows ? 'Longer than the back cover holds above the barcode: the end is cut off.' : undefined}
          />
        </fieldset>
        <fieldset className="kdp-colours">
          <legend>Colours</legend>
          <TextField label="Background colour" type="color" value={design.background} onChange={(e) => set('background', e.target.value)} />
          <TextField label="Text colour" type="color" value={design.ink} onChange={(e) => set('ink', e.target.value)} />
          <div className="kdp-palettes">
            {PALETTES.map((p) => (
              <button
                key={p.name}
                type="button"
                className="kdp-palette"
                aria-label={`Use colours: ${p.name}`}
                aria-pressed={design.background === p.background && design.ink === p.ink}
                title={p.name}
                style={{ background: p.background, color: p.ink }}
                onClick={() => setDesign((d) => ({ ...d, background: p.background, ink: p.ink }))}
              >
                <span aria-hidden="true">Aa</span>
              </button>
            ))}
          </div>
        </fieldset>
      </form>

      <section className="kdp-stage" aria-labelledby="kdp-stage-heading">
        <div className="kdp-stage-bar">
          <h2 id="kdp-stage-heading">Full wrap, to scale</h2>
          <Checkbox label="Show guides" checked={guides} onChange={(e) => setGuides(e.target.checked)} />
          <Button onClick={() => void exportPdf()} loading={exporting} disabled={Boolean(pagesProblem)}>
            Download print PDF
          </Button>
          {linked?.actions(pagesProblem ? null : shown)}
        </div>
        <div className="kdp-warnings" role="status" aria-live="polite" data-testid="kdp-warnings">
          <SpineWarning text={text} pages={shown.pages} />
          {exportError && (
            <Notice tone="error" title="The PDF wasn't made">
              {exportError}
            </Notice>
          )}
        </div>
        <div className="kdp-canvas" aria-busy={!ready} data-testid="kdp-canvas">
          <CoverPreview design={shown} text={text} guides={guides} />
        </div>
        <dl className="kdp-specs">
          <Spec label="Spine" value={formatInches(layout.spineWidth)} testId="kdp-spine-width" />
          <Spec label="Full cover with bleed" value={`${roundInches(layout.width)} × ${roundInches(layout.height)} in`} testId="kdp-full-size" />
          <Spec label="Trim" value={layout.trim.label} />
          <Spec label="Bleed" value="0.125 in each side" />
          <Spec label="PDF page" value={`${toPoints(layout.width).toFixed(2)} × ${toPoints(layout.height).toFixed(2)} pt`} />
          <Spec label={`At ${DPI} DPI`} value={`${Math.ceil(layout.width * DPI)} × ${Math.ceil(layout.height * DPI)} px`} />
        </dl>
        {guides && (
          <ul className="kdp-legend" aria-label="Guide legend">
            {GUIDES.map((g) => (
              <li key={g.id}>
                <span className={`kdp-swatch kdp-swatch-${g.id}`} aria-hidden="true" />
                <strong>{g.label}</strong> {g.about}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
