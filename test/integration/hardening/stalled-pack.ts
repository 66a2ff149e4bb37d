/**
 * Child process of leftovers.test.ts: packs Dr Ada's package of the master argv[2] into argv[3] and is
 * stopped (SIGKILL) by the test right after the package file is written, before the master records it:
 * the master's commit is made to wait on a lock the test holds.
 */
import { openStudy } from '../../../electron/services/study';
import { packRaterPackage } from '../../../electron/services/pack';
import { fixedClock, PASSPHRASE, PACKAGE_PASSPHRASE } from '../session/fixture';

const master = openStudy(process.argv[2]!, PASSPHRASE);
master.pragma('busy_timeout = 60000');
process.stdout.write('packing\n');
packRaterPackage(master, {
  rater: 'Dr Ada',
  out: process.argv[3]!,
  passphrase: PACKAGE_PASSPHRASE,
  masterPassphrase: PASSPHRASE,
  clock: fixedClock,
});
