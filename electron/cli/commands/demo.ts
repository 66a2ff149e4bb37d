/** `blindrate demo --out DIR`: the synthetic demo data set as import files. */
import type { RegisterCommand } from './index';

export const registerDemo: RegisterCommand = (program) => {
  program
    .command('demo')
    .description('Write the synthetic MeDiSumQA-style demo data set (JSONL + CSV) for `blindrate import`.')
    .requiredOption('--out <dir>', 'folder to write into (created if missing)')
    .action(async (opts: { out: string }) => {
      const { writeDemoFiles } = await import('../../services/demo');
      for (const file of writeDemoFiles(opts.out)) process.stdout.write(`Wrote ${file}\n`);
    });
};
