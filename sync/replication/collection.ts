/**
 * A replicated collection, defined once and used by both sides: the zod schema (source of the
 * RxDB JSON schema), who may pull and push a document, and how a conflict is resolved.
 * Everything here is pure so the server enforces exactly what the client assumes.
 */
import type { z } from 'zod';
import { toJSONSchema } from 'zod/v4/core';
import type { Principal } from '../roles';
import { COLLECTION_NAME_PATTERN, MAX_DOC_ID_LENGTH } from './limits';

/**
 * Storage metadata of RxDB that never travels: ignored in comparisons. The server assigns no
 * document field — its change time lives beside the document (the checkpoint), so what a device
 * pushed is exactly what every device pulls.
 */
const STORAGE_FIELDS = ['_rev', '_meta', '_attachments'];

export interface ConflictInput<T> {
  /** What the client wrote. */
  newDocumentState: T & { _deleted: boolean };
  /** What the server holds now. */
  realMasterState: T & { _deleted: boolean };
  /** What the client believed the server held. */
  assumedMasterState?: T & { _deleted: boolean };
}

/** The account pushing, as the server knows it (the session's user, never the document). */
export interface Writer extends Principal {
  id: string;
  displayName: string;
}

/** Another account as the server knows it; what a rule may ask about a person a document names. */
export interface AccountView {
  id: string;
  displayName: string;
  status: 'active' | 'suspended' | 'deleting' | 'deleted';
}

export interface ServerCheckContext {
  writer: Writer;
  /** The `authorisedBy` document as stored now (null when missing or deleted). */
  authority: unknown;
  account(id: string): Promise<AccountView | null>;
}

interface VisibilityRule<T> {
  /** User ids allowed to pull (and be streamed) the document. */
  audience(doc: T): string[];
  /**
   * May `userId` write `doc`, replacing `previous` (null when the document is new)? `authority`
   * is the document named by `authorisedBy` as the server holds it (null when missing or deleted).
   */
  mayWrite(doc: T, previous: T | null, userId: string, authority?: unknown): boolean;
  /**
   * Another collection's document that decides who may write this one (a comment's manuscript):
   * the server reads it inside the push transaction and hands it to mayWrite, so a rule can check
   * roles held elsewhere without trusting copies the writer supplied.
   */
  authorisedBy?: { collection: string; id(doc: T): string };
  /**
   * Rules that need the server's records of accounts (the writer's roles and name, whether a
   * named person exists): run by the server after mayWrite passed, in the row's transaction.
   * Returns why the row is refused, or null. Devices cannot run it, so keep it to what they
   * cannot be trusted with.
   */
  serverCheck?(doc: T, previous: T | null, ctx: ServerCheckContext): Promise<string | null>;
  /**
   * Who may push `_deleted: true` (mayWrite never sees the flag): false refuses everyone, a
   * function decides from the stored document. Default true (whoever mayWrite allows).
   */
  deletable?: boolean | ((previous: T | null, userId: string) => boolean);
}

export type ConflictRule<T> = 'server-wins' | ((input: ConflictInput<T>) => T & { _deleted: boolean });

/**
 * The later edit wins, this device's on a tie. For documents one person writes from their own
 * devices. A conflict there is usually with the device's own earlier edit: a push the server
 * stored whose answer never arrived (a reload or a dropped connection in between) comes back
 * after the restart as a conflict, and server-wins would throw away every edit made since.
 */
export function latestEditWins<T extends { updatedAt: number }>({ newDocumentState, realMasterState }: ConflictInput<T>): T & { _deleted: boolean } {
  return newDocumentState.updatedAt >= realMasterState.updatedAt ? newDocumentState : realMasterState;
}

export interface CollectionOptions<S extends z.ZodObject> {
  name: string;
  /**
   * Builds the zod schema, on first use of `definition.schema`. A browser never validates with it
   * (the server does, on every push) and is given the JSON schema ready-made, so it never pays
   * for building a dozen zod schemas while the local database opens.
   */
  schema: () => S;
  /** RxDB schema version; bump with a migration strategy in src/db when the schema changes. */
  version: number;
  primaryKey: 'id';
  visibility: VisibilityRule<z.output<S>>;
  conflict?: ConflictRule<z.output<S>>;
  /** RxDB indexes; every indexed string needs a maxLength in the zod schema. */
  indexes?: (string | string[])[];
  /** RxDB migration strategies: version → (document of version-1) → document, run on the device. */
  migrations?: Record<number, (old: any) => any>;
}

export interface CollectionDefinition<S extends z.ZodObject = z.ZodObject> extends Required<Omit<CollectionOptions<S>, 'schema'>> {
  /** The zod schema, built on first use. */
  readonly schema: S;
  /**
   * `schema` refusing any field it does not name: what every write the server takes must pass.
   * Built once: a new one per row cost about 90 µs before its first parse, against 2 µs a parse.
   */
  readonly strictSchema: ReturnType<S['strict']>;
  /** The RxDB JSON schema derived from `schema`: computed by the build for the browser, on first use elsewhere. */
  readonly jsonSchema: RxJsonSchemaLike;
}

/** What RxDB needs of a JSON schema (kept structural so sync/ does not import rxdb). */
export interface RxJsonSchemaLike {
  version: number;
  primaryKey: string;
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  indexes: (string | string[])[];
  additionalProperties?: boolean;
}

/** Every collection's JSON schema by name, written into the browser's build by scripts/collection-schemas-plugin.ts. */
declare const __QUIRE_COLLECTION_SCHEMAS__: Record<string, RxJsonSchemaLike> | undefined;
const BUILT_SCHEMAS = typeof __QUIRE_COLLECTION_SCHEMAS__ === 'undefined' ? undefined : __QUIRE_COLLECTION_SCHEMAS__;

export function defineCollection<S extends z.ZodObject>(options: CollectionOptions<S>): CollectionDefinition<S> {
  if (!COLLECTION_NAME_PATTERN.test(options.name)) throw new Error(`Bad collection name: ${options.name}`);
  const { schema: build, ...rest } = options;
  const definition = { conflict: 'server-wins' as const, indexes: [], migrations: {}, ...rest };
  let schema: S | undefined;
  const schemaOnce = () => (schema ??= build());
  let strictSchema: ReturnType<S['strict']> | undefined;
  let jsonSchema = BUILT_SCHEMAS?.[options.name];
  return {
    ...definition,
    get schema() {
      return schemaOnce();
    },
    get strictSchema() {
      return (strictSchema ??= schemaOnce().strict() as ReturnType<S['strict']>);
    },
    get jsonSchema() {
      return (jsonSchema ??= toRxJsonSchema({ ...definition, schema: schemaOnce() }));
    },
  };
}

function toRxJsonSchema(options: Pick<Required<CollectionDefinition>, 'name' | 'schema' | 'version' | 'primaryKey' | 'indexes'>): RxJsonSchemaLike {
  const { $schema: _ignored, ...json } = toJSONSchema(options.schema) as Record<string, any>;
  const properties = json.properties as Record<string, Record<string, unknown>>;
  const key = properties[options.primaryKey];
  if (!key || key.type !== 'string' || typeof key.maxLength !== 'number' || key.maxLength > MAX_DOC_ID_LENGTH) {
    throw new Error(`${options.name}: the primary key must be a string with maxLength ≤ ${MAX_DOC_ID_LENGTH}`);
  }
  for (const field of options.indexes.flat()) {
    const prop = properties[field];
    if (!prop) throw new Error(`${options.name}: index on unknown field ${field}`);
    if (prop.type === 'string' && typeof prop.maxLength !== 'number') throw new Error(`${options.name}: indexed string ${field} needs a maxLength`);
    if ((prop.type === 'number' || prop.type === 'integer') && (prop.minimum === undefined || prop.maximum === undefined)) {
      throw new Error(`${options.name}: indexed number ${field} needs a minimum and maximum`);
    }
  }
  return {
    version: options.version,
    primaryKey: options.primaryKey,
    type: 'object',
    properties,
    required: json.required ?? [],
    indexes: options.indexes,
    additionalProperties: json.additionalProperties,
  };
}

/** The document without storage metadata, for comparisons. */
function comparable(doc: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) if (!STORAGE_FIELDS.includes(k)) out[k] = v;
  return out;
}

/** Structural equality of JSON values; key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as any)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as any)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as any)[k], (b as any)[k]));
}

/** Equal as far as replication is concerned: same fields and values, metadata aside. */
export function sameDocument(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return deepEqual(comparable(a), comparable(b));
}

/** Resolve a conflict on the client with the collection's rule. */
export function resolveConflict<T>(rule: ConflictRule<T>, input: ConflictInput<T>): T & { _deleted: boolean } {
  return rule === 'server-wins' ? input.realMasterState : rule(input);
}
