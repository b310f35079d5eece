/**
 * The strip above the writing page: "Chapters" on the left and "Comments" on the right, each
 * showing or hiding its side panel (remembered per device). On a phone "Chapters" opens the
 * chapter drawer instead, and "Comments" jumps to the comments, which always follow the text
 * there. The page itself stays centred either way.
 */
interface Props {
  /** Phone layout: Chapters opens a drawer (a dialog) rather than a side panel. */
  phone: boolean;
  chaptersOpen: boolean;
  onChapters(): void;
  /** Absent when there is no open chapter (nothing to comment on). */
  comments?: { open: boolean; count: number; onToggle(): void };
}

function PanelIcon({ side }: { side: 'start' | 'end' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18" className="panel-toggle-icon">
      <rect x="2.5" y="3.5" width="15" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d={side === 'start' ? 'M7.5 3.5v13' : 'M12.5 3.5v13'} stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

export function WritingBar({ phone, chaptersOpen, onChapters, comments }: Props) {
  return (
    <div className="writing-bar">
      <button
        type="button"
        className="panel-toggle"
        aria-expanded={chaptersOpen}
        aria-controls={phone ? 'chapter-drawer' : 'chapter-panel'}
        aria-haspopup={phone ? 'dialog' : undefined}
        title={phone ? 'Show the chapters' : chaptersOpen ? 'Hide the chapter list' : 'Show the chapter list'}
        onClick={onChapters}
      >
        <PanelIcon side="start" />
        Chapters
      </button>
      {comments && phone && (
        <a className="panel-toggle" href="#comments-panel">
          Comments
          {comments.count > 0 && <span className="panel-toggle-count">{comments.count}</span>}
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
            <path d="M10 4v12M5 11l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </a>
      )}
      {comments && !phone && (
        <button
          type="button"
          className="panel-toggle"
          aria-expanded={comments.open}
          aria-controls="comments-panel"
          title={comments.open ? 'Hide the comments' : 'Show the comments'}
          onClick={comments.onToggle}
        >
          Comments
          {comments.count > 0 && <span className="panel-toggle-count">{comments.count}</span>}
          <PanelIcon side="end" />
        </button>
      )}
    </div>
  );
}
