/**
 * Every endpoint of the typed API, in one table: server/http/endpoints.test.ts checks that the
 * app serves each one. An area's module joins here once its routes are served with `on()`
 * (server/http/endpoint.ts); each endpoint it exports is then listed without naming it again.
 */
import * as account from './account';
import * as admin from './admin';
import * as adminBlog from './admin-blog';
import * as adminNotices from './admin-notices';
import * as adminSupport from './admin-support';
import * as adminJobs from './admin-jobs';
import * as adminStore from './admin-store';
import * as ask from './ask';
import * as analytics from './analytics';
import * as auth from './auth';
import * as authors from './authors';
import * as billing from './billing';
import * as blog from './blog';
import * as books from './books';
import * as checkout from './checkout';
import * as covers from './covers';
import type { Endpoint } from './contract';
import * as debug from './debug';
import * as dev from './dev';
import * as exports from './exports';
import * as files from './files';
import * as imprintInvitations from './imprint-invitations';
import * as invitations from './invitations';
import * as library from './library';
import * as lists from './lists';
import * as manuscripts from './manuscripts';
import * as myInvitations from './my-invitations';
import * as newsletter from './newsletter';
import * as paperbackCovers from './paperback-covers';
import * as publisherIsbns from './publisher-isbns';
import * as publisherStorefront from './publisher-storefront';
import * as publisherTeam from './publisher-team';
import * as publisherUploads from './publisher-uploads';
import * as publisherBooks from './publisher-books';
import * as publishing from './publishing';
import * as reviews from './reviews';
import * as session from './session';
import * as siteInfo from './site-info';
import * as store from './store';
import * as users from './users';
import * as versions from './versions';

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;
}

export const ENDPOINTS: Endpoint[] = [
  account,
  admin,
  adminBlog,
  adminNotices,
  adminSupport,
  adminJobs,
  adminStore,
  ask,
  analytics,
  auth,
  authors,
  billing,
  blog,
  books,
  checkout,
  covers,
  debug,
  dev,
  exports,
  files,
  invitations,
  library,
  lists,
  manuscripts,
  myInvitations,
  newsletter,
  paperbackCovers,
  publisherIsbns,
  publisherStorefront,
  publisherTeam,
  imprintInvitations,
  publisherUploads,
  publisherBooks,
  publishing,
  reviews,
  session,
  siteInfo,
  store,
  users,
  versions,
].flatMap((module) => Object.values(module).filter(isEndpoint));
