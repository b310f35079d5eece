import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCollection, type RxJsonSchemaLike } from './collection';

const visibility = { audience: () => [], mayWrite: () => true };
const thingSchema = () => z.object({ id: z.string().min(1).max(64), size: z.number().int().min(0).max(10) });

describe('defineCollection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('builds the zod schema on first use, once', () => {
    const build = vi.fn(thingSchema);
    const things = defineCollection({ name: 'things', schema: build, version: 0, primaryKey: 'id', indexes: ['size'], visibility });
    expect(build).not.toHaveBeenCalled();
    expect(things.schema.safeParse({ id: 'a', size: 3 }).success).toBe(true);
    expect(things.jsonSchema).toMatchObject({ version: 0, primaryKey: 'id', required: ['id', 'size'], indexes: ['size'] });
    expect(things.jsonSchema.properties.id).toMatchObject({ type: 'string', maxLength: 64 });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('keeps one strict schema, which refuses fields the schema does not name', () => {
    const things = defineCollection({ name: 'things', schema: thingSchema, version: 0, primaryKey: 'id', visibility });
    expect(things.strictSchema).toBe(things.strictSchema);
    expect(things.strictSchema.safeParse({ id: 'a', size: 3 }).success).toBe(true);
    expect(things.strictSchema.safeParse({ id: 'a', size: 3, owner: 'x' }).success).toBe(false);
    expect(things.schema.safeParse({ id: 'a', size: 3, owner: 'x' }).success).toBe(true);
  });

  it('refuses a schema RxDB could not index, when its JSON schema is first asked for', () => {
    const loose = defineCollection({ name: 'loose', schema: () => z.object({ id: z.string() }), version: 0, primaryKey: 'id', visibility });
    expect(() => loose.jsonSchema).toThrow(/primary key must be a string with maxLength/);
  });

  it('takes the JSON schema a browser build carries and builds no zod schema', async () => {
    const built: RxJsonSchemaLike = {
      version: 3,
      primaryKey: 'id',
      type: 'object',
      properties: { id: { type: 'string', maxLength: 64 } },
      required: ['id'],
      indexes: [],
    };
    vi.stubGlobal('__QUIRE_COLLECTION_SCHEMAS__', { things: built });
    vi.resetModules();
    const fresh = await import('./collection');
    const build = vi.fn(thingSchema);
    const things = fresh.defineCollection({ name: 'things', schema: build, version: 3, primaryKey: 'id', visibility });
    expect(things.jsonSchema).toBe(built);
    expect(build).not.toHaveBeenCalled();
  });
});
