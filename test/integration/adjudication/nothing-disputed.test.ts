/**
 * With no disagreement to settle, the Adjudicate step's preview and `adjudicate` say so in one sentence,
 * and `adjudicate` writes no file.
 */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { packAdjudicationPackage } from '../../../electron/services/adjudication';
import { previewAdjudication } from '../../../electron/services/adjudication-preview';
import { assignStudy, createSeededStudy, fixedClock, PASSPHRASE, type SeededStudy } from '../session/fixture';

let study: SeededStudy | undefined;
afterEach(() => study?.cleanup());

const NOTHING = 'The merged ratings hold no disagreement at these thresholds: there is nothing to adjudicate.';

function packing(db: SeededStudy['db']) {
  return () =>
    packAdjudicationPackage(db, {
      adjudicator: 'Dr E',
      out: `${study!.path}.adjudication.blindrate`,
      passphrase: 'adjudicator lantern quartz meadow',
      masterPassphrase: PASSPHRASE,
      showRatings: true,
      thresholds: {},
      clock: fixedClock,
    });
}

describe('a study with nothing to adjudicate', () => {
  it('says so in the preview and when packing, and writes no file', () => {
    study = createSeededStudy();
    assignStudy(study, ['Dr Ada', 'Dr Bob']);
    expect(previewAdjudication(study.db, {}).problem).toBe(NOTHING);
    expect(packing(study.db)).toThrow(NOTHING);
    expect(existsSync(`${study.path}.adjudication.blindrate`)).toBe(false);
  });
});
