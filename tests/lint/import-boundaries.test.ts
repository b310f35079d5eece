/**
 * The import boundaries of docs/architecture.md are lint rules; these tests prove the rules
 * fire, so a config change cannot silently switch them off.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The snippets are files that do not exist, so no TypeScript project holds them: lint them
// without type information (the boundary rules need none).
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' },
  },
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps rxdb and dexie inside src/db', async () => {
    expect(await restrictedImports('src/features/home/x.ts', "import 'rxdb';\nimport 'dexie';\nimport 'rxdb/plugins/storage-dexie';\n")).toHaveLength(3);
    expect(await restrictedImports('src/db/x.ts', "import 'rxdb';\nimport 'dexie';\n")).toHaveLength(0);
    expect(await restrictedImports('server/auth/x.ts', "import 'dexie';\n")).toHaveLength(1);
  });

  it('keeps SQLite inside server/db', async () => {
    expect(await restrictedImports('server/auth/x.ts', "import Database from 'better-sqlite3';\nexport default Database;\n")).toHaveLength(1);
    expect(await restrictedImports('server/auth/x.ts', "import { SqliteDialect } from 'kysely';\nexport { SqliteDialect };\n")).toHaveLength(1);
    expect(await restrictedImports('server/auth/x.ts', "import { sql } from 'kysely';\nexport { sql };\n")).toHaveLength(0);
    expect(await restrictedImports('server/db/x.ts', "import Database from 'better-sqlite3';\nexport default Database;\n")).toHaveLength(0);
  });

  it('keeps sync/ free of both sides', async () => {
    expect(await restrictedImports('sync/x.ts', "import '../server/app';\nimport '../src/lib/api';\nimport 'react';\n")).toHaveLength(3);
    expect(await restrictedImports('sync/x.ts', "import { z } from 'zod';\nexport { z };\n")).toHaveLength(0);
  });

  it('keeps the client and the server apart', async () => {
    expect(await restrictedImports('src/app/x.ts', "import '../../server/app';\n")).toHaveLength(1);
    expect(await restrictedImports('server/x.ts', "import '../src/lib/api';\n")).toHaveLength(1);
  });

  it('keeps features, ui, lib and db out of the shell', async () => {
    expect(await restrictedImports('src/features/home/x.ts', "import '../../app/layout';\nimport '../../lib/api';\n")).toHaveLength(1);
    expect(await restrictedImports('src/ui/x.ts', "import '../app/router';\n")).toHaveLength(1);
    expect(await restrictedImports('src/db/x.ts', "import '../app/guards';\n")).toHaveLength(1);
    expect(await restrictedImports('src/app/x.ts', "import './layout';\nimport '../lib/api';\n")).toHaveLength(0);
  });
});
