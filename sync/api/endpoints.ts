/**
 * Every endpoint of the typed API, in one table: server/http/endpoints.test.ts checks that the
 * app serves each one. Areas join as their routes move onto `on()` (server/http/endpoint.ts).
 */
import type { Endpoint } from './contract';
import { getLibrary } from './library';
import { getDiscoverLists, getPublicList, getUserProfile } from './lists';
import { getSiteInfo } from './site-info';
import { lookupUser } from './users';
import { deleteVersion, getVersion, listVersions, renameVersion, restoreVersion, saveVersion } from './versions';

export const ENDPOINTS: Record<string, Endpoint> = { getSiteInfo, getLibrary, getDiscoverLists, getPublicList, getUserProfile, lookupUser, listVersions, getVersion, saveVersion, renameVersion, deleteVersion, restoreVersion };
