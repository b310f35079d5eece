/**
 * `/dev/delight-showcase` (admins and development builds): the design system in every state and
 * in both app themes side by side — so a colour, focus ring or disabled look that fails in one
 * theme shows next to the one that works — followed by the interactive component gallery.
 */
import { Badge, Button, Checkbox, EmptyState, Notice, Page, SelectField, Skeleton, Spinner, TextField } from '../../ui';
import { ComponentGallery } from './component-gallery';
import './dev.css';

function States({ theme }: { theme: 'light' | 'dark' }) {
  const id = (name: string) => `${theme}-${name}`;
  return (
    <section className="showcase-theme" data-theme={theme} aria-label={`${theme === 'light' ? 'Light' : 'Dark'} theme`}>
      <h2>{theme === 'light' ? 'Light' : 'Dark'}</h2>
      <h3>Buttons: rest, disabled, busy</h3>
      {(['primary', 'secondary', 'danger', 'ghost'] as const).map((variant) => (
        <div className="row" key={variant}>
          <Button variant={variant}>{variant[0]!.toUpperCase() + variant.slice(1)}</Button>
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} loading>
            Busy
          </Button>
        </div>
      ))}
      <h3>Fields: empty, filled, hint, error, disabled</h3>
      <TextField id={id('empty')} label="Empty" placeholder="A working title" />
      <TextField id={id('filled')} label="Filled" defaultValue="The Lamp Room" hint="Shown on the cover." />
      <TextField id={id('error')} label="With an error" defaultValue="978-0-00-000000-1" error="The ISBN's check digit is wrong: it should be 8." />
      <TextField id={id('disabled')} label="Disabled" defaultValue="Set by your publisher" disabled />
      <SelectField id={id('select')} label="Select" defaultValue="fiction">
        <option value="fiction">Fiction</option>
        <option value="poetry">Poetry</option>
      </SelectField>
      <Checkbox id={id('check')} label="Checked" defaultChecked />
      <Checkbox id={id('check-off')} label="Disabled" disabled />
      <h3>Notices and badges</h3>
      <Notice>Information.</Notice>
      <Notice tone="success">Saved and synced.</Notice>
      <Notice tone="warning">You are offline: changes wait on this device.</Notice>
      <Notice tone="error">That did not work. Nothing was lost.</Notice>
      <div className="row">
        <Badge>Draft</Badge>
        <Badge tone="accent">New</Badge>
        <Badge tone="success">Published</Badge>
        <Badge tone="warning">In review</Badge>
        <Badge tone="danger">Rejected</Badge>
      </div>
      <h3>Loading and empty</h3>
      <Skeleton lines={2} label={`Loading (${theme})`} />
      <Spinner label={`Working (${theme})`} />
      <EmptyState title="No books yet" level={2}>
        <p>Your drafts will appear here.</p>
      </EmptyState>
    </section>
  );
}

export function DelightShowcasePage() {
  return (
    <Page
      title="Design system showcase"
      wide
      description="Every component in every state, in the light and dark themes side by side, then the interactive gallery."
    >
      <div className="showcase-themes">
        <States theme="light" />
        <States theme="dark" />
      </div>
      <h2>Interactive gallery</h2>
      <ComponentGallery />
    </Page>
  );
}
