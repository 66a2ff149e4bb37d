/**
 * Child process of files-on-disk.test.ts: starts an atomic export into argv[2], writes one chunk,
 * says "writing" and then stalls until it is stopped by a signal.
 */
import { once } from 'node:events';
import { writeStreamAtomically } from '../../../electron/services/atomic-file';

await writeStreamAtomically(process.argv[2]!, async (file) => {
  await once(file, 'ready');
  file.write('rater,item_id\n');
  process.stdout.write('writing\n');
  await new Promise(() => setInterval(() => {}, 1000));
});
