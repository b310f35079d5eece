/**
 * /publisher/publisher-store: the imprint's storefront editor — logo and banner from your /files
 * (images only; their WebP/AVIF variants are what visitors download), the description, and the
 * featured books chosen and ordered from the imprint's published books — with a live preview of
 * the public page, which is linked once saved.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { listFiles } from '../../../sync/api/files';
import { FEATURED_MAX, getStorefrontSettings, saveStorefront, storefrontPath, type Storefront } from '../../../sync/api/publisher-storefront';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { canInImprint } from '../../../sync/roles';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Button, Card, FormError, Notice, Page, QueryState, SelectField, TextArea, useToast } from '../../ui';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import { StorefrontView } from './storefront-view';
import './publisher.css';

type Settings = Awaited<ReturnType<typeof call<typeof getStorefrontSettings>>>;

function useImageFiles() {
  return useQuery({ queryKey: ['files'], queryFn: ({ signal }) => call(listFiles, { signal }), select: (d) => d.files.filter((f) => f.kind === 'image') });
}

function ImagePicker({
  label,
  value,
  onChange,
  current,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  current: Storefront['logo'];
  error?: string;
}) {
  const files = useImageFiles();
  const options = files.data ?? [];
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      error={error}
      hint={
        <>
          An image from <Link to="/files">your files</Link>.
        </>
      }
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">None</option>
      {current && !options.some((f) => f.id === current.fileId) && <option value={current.fileId}>The current image</option>}
      {options.map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </SelectField>
  );
}

function FeaturedPicker({
  books,
  value,
  onChange,
  error,
}: {
  books: Settings['publishedBooks'];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const title = (id: string) => books.find((b) => b.id === id)?.title ?? id;
  const move = (i: number, by: number) => {
    const next = [...value];
    const [id] = next.splice(i, 1);
    next.splice(i + by, 0, id!);
    onChange(next);
  };
  const rest = books.filter((b) => !value.includes(b.id));
  return (
    <fieldset className="team-fieldset storefront-featured">
      <legend>Featured books</legend>
      {books.length === 0 && <p className="muted">Once your imprint has published books, you can feature up to {FEATURED_MAX} of them here.</p>}
      {value.length > 0 && (
        <ol className="team-featured-list" aria-label="Featured, in order">
          {value.map((id, i) => (
            <li key={id}>
              <span>{title(id)}</span>
              <span className="team-actions">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${title(id)} up`}>
                  Up
                </Button>
                <Button size="sm" variant="ghost" disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${title(id)} down`}>
                  Down
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onChange(value.filter((v) => v !== id))}
                  aria-label={`Remove ${title(id)} from the featured books`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {rest.length > 0 && value.length < FEATURED_MAX && (
        <SelectField label="Feature a book" value="" onChange={(e) => e.target.value && onChange([...value, e.target.value])}>
          <option value="">Choose a published book…</option>
          {rest.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </SelectField>
      )}
      {error && <FormError>{error}</FormError>}
    </fieldset>
  );
}

function Editor({ imprint, settings }: { imprint: MyImprint; settings: Settings }) {
  const { user } = useSession();
  const canEdit = canInImprint(user, imprint.role, 'storefront:manage');
  const qc = useQueryClient();
  const toast = useToast();
  const files = useImageFiles();
  const front = settings.storefront;
  const [description, setDescription] = useState(front.description);
  const [logo, setLogo] = useState(front.logo?.fileId ?? null);
  const [banner, setBanner] = useState(front.banner?.fileId ?? null);
  const [featured, setFeatured] = useState(front.featured.map((b) => b.id));
  const save = useMutation({
    mutationFn: () => call(saveStorefront, { params: { imprintId: imprint.id }, body: { description, logoFileId: logo, bannerFileId: banner, featured } }),
    onSuccess: () => {
      toast('Storefront saved.', { tone: 'success' });
      void qc.invalidateQueries({ queryKey: publisherKey(imprint.id) });
    },
  });
  const errors = fieldErrorsOf(save.error);

  // The preview: what is saved, with the edits so far.
  const image = (id: string | null, current: Storefront['logo']): Storefront['logo'] => {
    if (id === null) return null;
    if (current?.fileId === id) return current;
    const file = files.data?.find((f) => f.id === id);
    return file ? { fileId: id, url: file.url, ...(file.imageSet ? { set: file.imageSet } : {}) } : null;
  };
  const cards = new Map(front.featured.map((b) => [b.id, b]));
  const preview: Storefront = {
    ...front,
    description,
    logo: image(logo, front.logo),
    banner: image(banner, front.banner),
    featured: featured.flatMap((id) => {
      const card = cards.get(id);
      if (card) return [card];
      const book = settings.publishedBooks.find((b) => b.id === id);
      return book
        ? [
            {
              id,
              title: book.title,
              subtitle: '',
              authors: [],
              priceCents: 0,
              listPriceCents: null,
              currency: 'USD',
              coverUrl: null,
              ratingAverage: null,
              ratingCount: 0,
              publishedAt: null,
            },
          ]
        : [];
    }),
  };

  return (
    <div className="team-grid storefront-editor">
      <Card title="Your storefront">
        {front.slug ? (
          <p>
            Public at <Link to={storefrontPath(front.slug)}>{storefrontPath(front.slug)}</Link>, and linked from each of your books&apos; store pages.
          </p>
        ) : (
          <Notice>Your storefront goes public the first time you save it.</Notice>
        )}
        {!canEdit && <Notice>Only the imprint&apos;s owners and managers can change the storefront.</Notice>}
        <form
          className="team-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <fieldset disabled={!canEdit} className="team-fieldset">
            <ImagePicker label="Logo" value={logo} onChange={setLogo} current={front.logo} error={errors.logoFileId} />
            <ImagePicker label="Banner" value={banner} onChange={setBanner} current={front.banner} error={errors.bannerFileId} />
            <TextArea label="Description" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
            <FeaturedPicker books={settings.publishedBooks} value={featured} onChange={setFeatured} error={errors.featured} />
          </fieldset>
          {save.error && Object.keys(errors).length === 0 && <FormError>{errorMessage(save.error)}</FormError>}
          {canEdit && (
            <Button type="submit" loading={save.isPending}>
              Save storefront
            </Button>
          )}
        </form>
      </Card>
      <section className="storefront-preview" aria-label="Preview">
        <p className="storefront-preview-label">Preview</p>
        <StorefrontView storefront={preview} headingLevel="h2" />
      </section>
    </div>
  );
}

function StorefrontEditor({ imprint }: { imprint: MyImprint }) {
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'storefront'),
    queryFn: ({ signal }) => call(getStorefrontSettings, { params: { imprintId: imprint.id }, signal }),
  });
  return (
    <QueryState query={query} what="Your storefront" lines={8}>
      {(settings) => <Editor key={settings.storefront.slug ?? 'new'} imprint={imprint} settings={settings} />}
    </QueryState>
  );
}

export function PublisherStorefrontPage() {
  return (
    <Page title="Storefront" description="Your imprint's page in the store: logo, banner, description and featured books." wide>
      <ImprintChoice>{(imprint) => <StorefrontEditor imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
