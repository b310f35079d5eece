/**
 * `/theming`: the app theme (light / dark / system) with a miniature of the app in each, and the
 * reader's theme and typography with a sample page set exactly as the reader will set it.
 * Signed in, every choice lands in the synced preferences; signed out, in this browser only.
 */
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { APP_THEMES, READER_LAYOUTS, type PreferenceValues } from '../../../sync/preferences';
import { useSession } from '../../lib/session';
import { Card, Page } from '../../ui';
import { SettingsPanel } from '../reader/reader-panels';
import { settingsStyle } from '../reader/reader-settings';
import { changePreferences, usePreferences } from './preferences-store';
import '../reader/reader.css';
import './theming.css';

const APP_THEME_LABEL: Record<PreferenceValues['appTheme'], string> = { light: 'Light', dark: 'Dark', system: 'Same as this device' };
const LAYOUT_LABEL: Record<PreferenceValues['readerLayout'], string> = { paginated: 'Pages', flow: 'One scroll' };

function useSystemDark(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = matchMedia('(prefers-color-scheme: dark)');
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => matchMedia('(prefers-color-scheme: dark)').matches,
    () => false,
  );
}

/** A miniature of the app's header and a book card in one theme (decorative: the label says it). */
function ChromePreview({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <div className="chrome-preview" data-theme={theme} aria-hidden="true">
      <div className="chrome-bar">
        <span className="chrome-mark">Q</span>
        <span className="chrome-link chrome-link-active">Library</span>
        <span className="chrome-link">Lists</span>
      </div>
      <div className="chrome-body">
        <div className="chrome-card">
          <strong>Moby-Dick</strong>
          <span>Herman Melville</span>
        </div>
        <span className="chrome-button">Read</span>
      </div>
    </div>
  );
}

function SamplePage({ settings }: { settings: PreferenceValues }) {
  return (
    <figure className="theming-sample-frame">
      <div
        className={`reader-sample reader-theme-${settings.readerTheme}`}
        style={settingsStyle(settings)}
        data-testid="theming-preview"
        data-reader-theme={settings.readerTheme}
      >
        <div className="quire-book" lang="en">
          <h3>Chapter 1. Loomings.</h3>
          <p>
            Call me Ishmael. Some years ago—never mind how long precisely—having little or no money in my purse, and nothing particular to interest me on shore,
            I thought I would sail about a little and see the watery part of the world.
          </p>
          <p>
            It is a way I have of driving off the spleen and regulating the circulation. Whenever I find myself growing grim about the mouth; whenever it is a
            damp, drizzly November in my soul, then I account it high time to get to sea as soon as I can.
          </p>
        </div>
        <p className="reader-sample-status">Loomings · 4% · 9 min left in chapter</p>
      </div>
      <figcaption>A page of a book, set with your reader settings</figcaption>
    </figure>
  );
}

export function ThemingPage() {
  const { user } = useSession();
  const prefs = usePreferences();
  const systemDark = useSystemDark();
  const resolved = (t: PreferenceValues['appTheme']) => (t === 'system' ? (systemDark ? 'dark' : 'light') : t);
  return (
    <Page
      title="Theme & reading"
      wide
      description={
        user ? (
          'Saved to your account: your other signed-in devices follow within moments, and changes made offline sync when you are back online.'
        ) : (
          <>
            Saved in this browser. <Link to="/auth">Sign in</Link> to use the same look on every device.
          </>
        )
      }
    >
      <div className="theming-layout">
        <Card title="App theme">
          <fieldset className="theming-app-themes">
            <legend className="visually-hidden">App theme</legend>
            {APP_THEMES.map((t) => (
              <label key={t} className={`theming-app-theme${prefs.appTheme === t ? ' is-chosen' : ''}`}>
                <ChromePreview theme={resolved(t)} />
                <span className="theming-app-theme-label">
                  <input type="radio" name="app-theme" value={t} checked={prefs.appTheme === t} onChange={() => changePreferences({ appTheme: t })} />{' '}
                  {APP_THEME_LABEL[t]}
                </span>
              </label>
            ))}
          </fieldset>
        </Card>
        <Card title="Reading">
          <div className="theming-reading">
            <div className="theming-controls">
              <SettingsPanel settings={prefs} onChange={changePreferences} />
              <label className="theming-layout-select">
                Open books in
                <select value={prefs.readerLayout} onChange={(e) => changePreferences({ readerLayout: e.target.value as PreferenceValues['readerLayout'] })}>
                  {READER_LAYOUTS.map((l) => (
                    <option key={l} value={l}>
                      {LAYOUT_LABEL[l]}
                    </option>
                  ))}
                </select>
              </label>
              <p className="theming-note">The slide never plays when your device asks for reduced motion.</p>
            </div>
            <SamplePage settings={prefs} />
          </div>
        </Card>
      </div>
    </Page>
  );
}
