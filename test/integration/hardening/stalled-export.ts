/**
 * Child process of files-on-disk.test.ts: starts an atomic export into argv[2], writes one chunk,
 * says "writing" and then stalls until it is stopped by a signal.
 */
import { once } from 'node:events';
import { writeStreamAtomically } from '../../../electron/services/atomic-file';

await writeStreamAtomically(process.argv[2]!, async (file) => {
  await once(file, 'ready');
  // Announced only once the chunk is in the file, or the test could read the temporary before it is.
  await new Promise<void>((written, failed) =>
    file.write('rater,item_id\n', (error) => (error ? failed(error) : written())),
  );
  process.stdout.write('writing\n');
  await new Promise(() => setInterval(() => {}, 1000));
});
