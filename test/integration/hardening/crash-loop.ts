/**
 * The crash loop shared by the permanent test and `npm run soak`: `blindrate serve` runs a rater package in a
 * child process while a client saves ratings as fast as it can; the child is killed with SIGKILL at
 * seeded random moments and started again. Every save carries a unique comment, so the audit log
 * and the stored answers can be checked against the saves the server acknowledged.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrng } from '../../../shared/prng';
import { API_PATH_PREFIX, TOKEN_HEADER } from '../../../shared/transport';
import { ratingValues } from '../session/fixture';

const SERVING_LINE = /at http:\/\/127\.0\.0\.1:(\d+)\/#token=([0-9a-f]{64})$/m;

export interface Save {
  assignmentId: string;
  comment: string;
  level: number;
}

export interface CrashLoopResult {
  acknowledged: Save[];
  /** Sent but never answered: each may or may not have been committed before the kill. */
  unanswered: Save[];
  rounds: number;
}

export interface Server {
  call(method: string, arg?: unknown): Promise<unknown>;
  kill(): Promise<void>;
}

export async function startServer(studyPath: string, rendererDir: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['electron/cli/blindrate.mjs', 'serve', studyPath, '--port', '0', '--renderer', rendererDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [port, token] = await new Promise<[string, string]>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = SERVING_LINE.exec(out);
      if (match) resolve([match[1]!, match[2]!]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before serving`)));
  });
  return {
    async call(method, arg) {
      const response = await fetch(`http://127.0.0.1:${port}${API_PATH_PREFIX}${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ arg }),
      });
      const reply = (await response.json()) as { ok: boolean; value?: unknown; error?: string };
      if (!reply.ok) throw new Error(`${method}: ${reply.error}`);
      return reply.value;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function runCrashLoop(
  studyPath: string,
  passphrase: string,
  folder: string,
  rounds: number,
  seed: number,
): Promise<CrashLoopResult> {
  const rendererDir = join(folder, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>crash loop</title>');
  const prng = createPrng(seed);
  const acknowledged: Save[] = [];
  const unanswered: Save[] = [];
  let counter = 0;

  for (let round = 0; round < rounds; round++) {
    const server = await startServer(studyPath, rendererDir);
    const summary = (await server.call('unlockStudy', { path: studyPath, passphrase, remember: false })) as {
      rater: { id: number };
    };
    await server.call('startSession', summary.rater.id);
    const assignments = (await server.call('listAssignments', 'rating')) as Array<{ assignmentId: string }>;

    let killed = false;
    const killAfterMs = 50 + prng.nextInt(250);
    const saving = (async () => {
      while (!killed) {
        const save: Save = {
          assignmentId: assignments[counter % assignments.length]!.assignmentId,
          comment: `save ${counter}`,
          level: 1 + (counter % 5),
        };
        counter += 1;
        try {
          await server.call('saveRating', {
            assignmentId: save.assignmentId,
            values: ratingValues(save.level),
            comment: save.comment,
            durationMs: 10,
          });
          acknowledged.push(save);
        } catch {
          unanswered.push(save);
          return;
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    killed = true;
    await server.kill();
    await saving;
  }
  return { acknowledged, unanswered, rounds };
}
