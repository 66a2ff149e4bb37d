/** Runs the real `blindrate` executable and reads its first stdout lines, as the e2e launcher does. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface CliProcess {
  child: ChildProcess;
  /** Resolves with the first `count` stdout lines; rejects if the process exits first. */
  firstLines(count: number): Promise<string[]>;
  stop(): void;
}

export function spawnCli(args: string[]): CliProcess {
  const child = spawn(process.execPath, ['electron/cli/blindrate.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    child,
    firstLines(count) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const lines = stdout.split('\n');
          if (lines.length > count) resolve(lines.slice(0, count));
        };
        child.stdout!.on('data', check);
        child.on('exit', (code) => reject(new Error(`blindrate ${args[0]} exited with ${code}: ${stderr.trim()}`)));
        check();
      });
    },
    stop: () => void child.kill('SIGTERM'),
  };
}
