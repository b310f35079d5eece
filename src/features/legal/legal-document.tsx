/** The frame of a legal page: title, last-updated date, a contents list and numbered sections. */
import type { ReactNode } from 'react';
import { Page } from '../../ui';
import './legal.css';

const LEGAL_UPDATED = '2026-11-22';
const UPDATED_LABEL = '22 November 2026';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <Page
      title={title}
      description={
        <>
          Last updated <time dateTime={LEGAL_UPDATED}>{UPDATED_LABEL}</time>
        </>
      }
    >
      <div className="legal">
        <div className="legal-intro">{intro}</div>
        <nav aria-label="Contents" className="legal-contents">
          <h2>Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`}>
            <h2 id={`${s.id}-heading`}>
              {i + 1}. {s.heading}
            </h2>
            {s.body}
          </section>
        ))}
      </div>
    </Page>
  );
}
