/**
 * `/preview-lab` (admins and development builds): the reader's typography on sample text at the
 * widths people read at — a phone, a tablet, a desktop column — each with its measured
 * characters per line. The settings tried here stay on this page until "Use these settings".
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Page, SelectField } from '../../ui';
import { ChapterSection } from '../reader/book-content';
import { SettingsPanel } from '../reader/reader-panels';
import { settingsStyle, useReaderSettings, type ReaderSettings } from '../reader/reader-settings';
import { charactersPerLine, COMFORTABLE, measureVerdict } from './line-measure';
import { SAMPLE_CHAPTERS } from './sample-book';
import '../reader/reader.css';
import './dev.css';

const WIDTHS = [
  { id: 'phone', label: 'Phone', px: 360 },
  { id: 'tablet', label: 'Tablet', px: 600 },
  { id: 'desktop', label: 'Desktop column', px: 760 },
] as const;

const SAMPLE = 'the quick brown fox jumps over a lazy dog, she said. ';
const VERDICT = {
  short: { tone: 'warning', text: 'Short lines' },
  comfortable: { tone: 'success', text: 'Comfortable' },
  long: { tone: 'warning', text: 'Long lines' },
} as const;

function Preview({ settings, width, label, chapter }: { settings: ReaderSettings; width: number; label: string; chapter: (typeof SAMPLE_CHAPTERS)[number] }) {
  const box = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const [cpl, setCpl] = useState(0);
  // Measured after layout: the first paragraph's width over the average width of a sample set in the same type.
  useLayoutEffect(() => {
    const para = box.current?.querySelector('p');
    if (!para || !probe.current) return;
    setCpl(charactersPerLine(para.clientWidth, probe.current.getBoundingClientRect().width, SAMPLE.length));
  }, [settings, width, chapter]);
  const verdict = VERDICT[measureVerdict(cpl)];
  return (
    <figure className="lab-preview" style={{ width: `min(${width}px, 100%)` }}>
      <figcaption>
        <strong>{label}</strong> · {width} px · <span data-testid="lab-cpl">{cpl}</span> characters per line <Badge tone={verdict.tone}>{verdict.text}</Badge>
      </figcaption>
      {/* Scrolls when the sample is longer than the box: focusable so keyboards can scroll it too. */}
      <div
        ref={box}
        className={`reader-sample lab-page reader-theme-${settings.readerTheme}`}
        style={settingsStyle(settings)}
        tabIndex={0}
        role="region"
        aria-label={`${label} preview`}
      >
        <div className="quire-book" lang="en">
          <span ref={probe} className="lab-probe" aria-hidden="true">
            {SAMPLE}
          </span>
          <ChapterSection key={chapter.id} chapterId={chapter.id} xhtml={chapter.xhtml} />
        </div>
      </div>
    </figure>
  );
}

export function PreviewLabPage() {
  const [saved, save] = useReaderSettings();
  const [trial, setTrial] = useState<ReaderSettings>(saved);
  const [chapterId, setChapterId] = useState(SAMPLE_CHAPTERS[0]!.id);
  const chapter = SAMPLE_CHAPTERS.find((c) => c.id === chapterId)!;
  const changed = JSON.stringify(trial) !== JSON.stringify(saved);
  return (
    <Page
      title="Typography lab"
      wide
      description={`Try the reader's type on sample text at three reading widths. A comfortable line holds ${COMFORTABLE.min}–${COMFORTABLE.max} characters. Nothing here changes your reader until you use these settings.`}
    >
      <div className="lab-layout">
        <Card title="Settings">
          <SelectField label="Sample text" value={chapterId} onChange={(e) => setChapterId(e.target.value)}>
            {SAMPLE_CHAPTERS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </SelectField>
          <SettingsPanel settings={trial} onChange={(patch) => setTrial((t) => ({ ...t, ...patch }))} />
          <div className="row">
            <Button onClick={() => save(trial)} disabled={!changed}>
              Use these settings
            </Button>
            <Button variant="secondary" onClick={() => setTrial(saved)} disabled={!changed}>
              Back to mine
            </Button>
          </div>
          {!changed && <p className="lab-note">These are your reader settings.</p>}
        </Card>
        <div className="lab-previews">
          {WIDTHS.map((w) => (
            <Preview key={w.id} settings={trial} width={w.px} label={w.label} chapter={chapter} />
          ))}
        </div>
      </div>
    </Page>
  );
}
