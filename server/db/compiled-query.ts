/**
 * Queries built and compiled once per database, then run with new values. At every call Kysely
 * otherwise builds the operation tree, runs the plugins over it (CamelCasePlugin renames every
 * identifier) and compiles it to SQL: about a fifth of a small request's time (issue 11). For the
 * few queries every request runs. The query is built with `slot(name)` where a value goes; the
 * compiled parameters holding a slot's marker take that value at each run.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { DB } from './connection';

type Run<Slot extends string, Row> = (values: Record<Slot, unknown>) => Promise<Row[]>;

function compile<Slot extends string, Row>(db: DB, build: (db: DB, slot: (name: Slot) => string) => Compilable<Row>): Run<Slot, Row> {
  const markers = new Map<string, Slot>();
  const compiled = build(db, (name) => {
    const marker = `\u0000slot:${name}\u0000`; // no value a caller sends looks like this
    markers.set(marker, name);
    return marker;
  }).compile();
  const slots = compiled.parameters.map((p) => (typeof p === 'string' ? markers.get(p) : undefined));
  if (new Set(slots.filter(Boolean)).size < markers.size) throw new Error('compiledQuery: a slot did not become a parameter');
  return async (values) => {
    const query: CompiledQuery<Row> = {
      ...compiled,
      parameters: compiled.parameters.map((p, i) => {
        const slot = slots[i];
        return slot ? values[slot] : p;
      }),
    };
    return (await db.executeQuery(query)).rows;
  };
}

export function compiledQuery<Slot extends string, Row>(build: (db: DB, slot: (name: Slot) => string) => Compilable<Row>) {
  const perDatabase = new WeakMap<DB, Run<Slot, Row>>();
  return async (db: DB, values: Record<Slot, unknown>): Promise<Row[]> => {
    let run = perDatabase.get(db);
    if (!run) perDatabase.set(db, (run = compile(db, build)));
    return run(values);
  };
}
