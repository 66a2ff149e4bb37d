/**
 * The layer fences of eslint.config.js, each fed one forbidden import (which must be reported) and one
 * allowed import (which must not), so a fence cannot vanish or widen without this test failing.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: ROOT,
  // Fences need syntax only; the probes exist nowhere on disk, so the type-aware setup is switched off for them.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

/** The no-restricted-imports messages ESLint reports for `code` placed at `file` (a path in the repo). */
async function fenceErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath: join(ROOT, file) });
  const fatal = result!.messages.find((m) => m.fatal || m.ruleId === null);
  if (fatal) throw new Error(`ESLint could not lint ${file}: ${fatal.message}`);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const FORBIDDEN: Array<[fence: string, file: string, code: string]> = [
  ['services do not import Electron', 'electron/services/probe.ts', "import { app } from 'electron';"],
  ['the CLI does not import Electron', 'electron/cli/probe.ts', "import { app } from 'electron';"],
  ['the server does not import Electron', 'electron/serve/probe.ts', "import { app } from 'electron';"],
  ['db/ does not import Electron', 'db/probe.ts', "import { app } from 'electron';"],
  ['db/ does not import services', 'db/probe.ts', "import { openStudy } from '../electron/services/study';"],
  ['db/ does not import the renderer', 'db/probe.ts', "import { theme } from '../renderer/src/theme';"],
  [
    'the renderer does not import db/',
    'renderer/src/probe.ts',
    "import { openStudyDatabase } from '../../db/connection';",
  ],
  [
    'the renderer does not import electron/',
    'renderer/src/probe.ts',
    "import { createApiHost } from '../../electron/services/api-host';",
  ],
  ['the renderer does not import Electron', 'renderer/src/probe.ts', "import { ipcRenderer } from 'electron';"],
  ['the renderer does not import node: modules', 'renderer/src/probe.ts', "import { readFileSync } from 'node:fs';"],
  ['the renderer does not import bare Node built-ins', 'renderer/src/probe.ts', "import { join } from 'path';"],
  ['shared/ does not import bare Node built-ins', 'shared/probe.ts', "import { readFileSync } from 'fs';"],
  ['shared/ does not import node: modules', 'shared/probe.ts', "import { createHash } from 'node:crypto';"],
  ['shared/ does not import db/', 'shared/probe.ts', "import type { StudyDb } from '../db/connection';"],
  [
    'shared/ does not import electron/',
    'shared/probe.ts',
    "import { systemClock } from '../electron/services/system-clock';",
  ],
  [
    'shared/ does not import the renderer',
    'shared/analysis/probe.ts',
    "import { theme } from '../../renderer/src/theme';",
  ],
  ['shared/ does not import SQLite', 'shared/probe.ts', "import Database from 'better-sqlite3-multiple-ciphers';"],
  ['services do not import the CLI', 'electron/services/probe.ts', "import { withStudy } from '../cli/study-options';"],
  [
    'services do not import the server',
    'electron/services/probe.ts',
    "import { startBrowserServer } from '../serve/server';",
  ],
  ['services do not import the shell', 'electron/services/probe.ts', "import { createMenu } from '../main/menu';"],
  [
    'commands do not import sibling commands',
    'electron/cli/commands/probe.ts',
    "import { registerServe } from './serve';",
  ],
  ['commands do not import Electron', 'electron/cli/commands/probe.ts', "import { app } from 'electron';"],
];

const ALLOWED: Array<[what: string, file: string, code: string]> = [
  ['the shell imports Electron', 'electron/main/probe.ts', "import { app } from 'electron';"],
  ['the preload imports Electron', 'electron/preload/probe.ts', "import { contextBridge } from 'electron';"],
  [
    'shared/ imports shared/ (even a module named like a Node built-in)',
    'shared/probe.ts',
    "import type { TaskKind } from './domain';",
  ],
  [
    'db/ imports shared/, SQLite and Node',
    'db/probe.ts',
    "import { StudyError } from '../shared/errors';\nimport Database from 'better-sqlite3-multiple-ciphers';\nimport { existsSync } from 'node:fs';",
  ],
  [
    'the renderer imports shared/ and packages',
    'renderer/src/probe.ts',
    "import type { BlindRateApi } from '../../shared/api';\nimport { create } from 'zustand';",
  ],
  [
    'services import db/ and shared/',
    'electron/services/probe.ts',
    "import { readMeta } from '../../db/meta';\nimport { isoNow } from '../../shared/clock';",
  ],
  [
    'commands import the registry and CLI helpers',
    'electron/cli/commands/probe.ts',
    "import type { RegisterCommand } from './index';\nimport { withStudy } from '../study-options';",
  ],
];

describe('layer fences (eslint no-restricted-imports)', () => {
  it.each(FORBIDDEN)('%s', async (_fence, file, code) => {
    expect(await fenceErrors(file, code)).toHaveLength(1);
  });

  it.each(ALLOWED)('allows: %s', async (_what, file, code) => {
    expect(await fenceErrors(file, code)).toEqual([]);
  });
});

describe('type-aware lint', () => {
  it.each(['electron/services/session.ts', 'renderer/src/App.tsx', 'test/unit/architecture/fences.test.ts'])(
    'checks promises in %s with the project types',
    async (file) => {
      const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(join(ROOT, file))) as {
        rules: Record<string, unknown[]>;
        languageOptions: { parserOptions: { projectService?: boolean } };
      };
      expect(config.languageOptions.parserOptions.projectService).toBe(true);
      for (const rule of ['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-misused-promises']) {
        expect(config.rules[rule]?.[0]).toBe(2);
      }
    },
  );

  it('makes every switch over a union name each member, a default not standing in for one', async () => {
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(
      join(ROOT, 'shared/assignment-plan.ts'),
    )) as {
      rules: Record<string, unknown[]>;
    };
    expect(config.rules['@typescript-eslint/switch-exhaustiveness-check']).toEqual([
      2,
      expect.objectContaining({ considerDefaultExhaustiveForUnions: false }),
    ]);
  });
});
