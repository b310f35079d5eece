/**
 * A wire change cannot ship without a protocol bump: this hashes every collection's derived RxDB
 * schema and every wire message schema; when the hash moves, bump PROTOCOL_VERSION (with a
 * comment saying what changed) and store the new hash in PROTOCOL_SCHEMA_HASH.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COLLECTION_LIST } from '../collections';
import { PROTOCOL_SCHEMA_HASH, PROTOCOL_VERSION, MIN_SUPPORTED_PROTOCOL_VERSION } from './protocol-version';
import { BatchPullRequestSchema, BatchPullResponseSchema, PullRequestSchema, PullResponseSchema } from './pull';
import { PushRequestSchema, PushResponseSchema } from './push';
import { StreamMessageSchema } from './stream';

const WIRE = {
  BatchPullRequestSchema,
  BatchPullResponseSchema,
  PullRequestSchema,
  PullResponseSchema,
  PushRequestSchema,
  PushResponseSchema,
  StreamMessageSchema,
};

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as any)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function protocolHash(): string {
  const wire = Object.fromEntries(Object.entries(WIRE).map(([k, s]) => [k, z.toJSONSchema(s)]));
  const collections = Object.fromEntries(COLLECTION_LIST.map((c) => [c.name, c.jsonSchema]));
  return createHash('sha256').update(stable({ wire, collections })).digest('hex');
}

describe('protocol version', () => {
  it('matches the hash of every wire and collection schema', () => {
    const hash = protocolHash();
    expect(hash, `The sync schemas changed. Bump PROTOCOL_VERSION (now ${PROTOCOL_VERSION}) with a comment and set PROTOCOL_SCHEMA_HASH = '${hash}'.`).toBe(
      PROTOCOL_SCHEMA_HASH,
    );
  });

  it('never supports a version newer than itself', () => {
    expect(MIN_SUPPORTED_PROTOCOL_VERSION).toBeLessThanOrEqual(PROTOCOL_VERSION);
  });
});
