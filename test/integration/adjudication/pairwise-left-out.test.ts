/**
 * Pairwise comparisons are not put to adjudication yet (docs/adjudication.md). A coordinator whose study has
 * merged pairwise choices must not read "nothing to adjudicate" as "the raters agreed": the step and
 * `adjudicate` say that pairwise splits were left out of the count, and a study without pairwise choices
 * keeps the plain sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { packAdjudicationPackage } from '../../../electron/services/adjudication';
import { previewAdjudication } from '../../../electron/services/adjudication-preview';
import { assignRaters } from '../../../electron/services/plan';
import { answerEveryAssignment } from '../protocol/answer-plan';
import { RATERS, samplePairwise, sevenModelStudy } from '../packages/pairwise-fixture';
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

describe('a study whose pairwise choices adjudication does not read yet', () => {
  it('says the pairwise splits were left out, in the preview and when packing', () => {
    study = sevenModelStudy();
    samplePairwise(study.db, { pairsPerItem: 3 });
    assignRaters(study.db, { raters: RATERS, overlap: 2, seed: 8, clock: fixedClock });
    // Two raters on each pair, choices drawn at random: many pairs split.
    expect(answerEveryAssignment(study.db).pairwise).toBe(120);
    const expected = `${NOTHING} Pairwise comparisons are not put to adjudication yet, so their splits are not counted (docs/adjudication.md).`;
    expect(previewAdjudication(study.db, {}).problem).toBe(expected);
    expect(packing(study.db)).toThrow(expected);
  });

  it('keeps the plain sentence for a study without pairwise choices', () => {
    study = createSeededStudy();
    assignStudy(study, ['Dr Ada', 'Dr Bob']);
    expect(previewAdjudication(study.db, {}).problem).toBe(NOTHING);
    expect(packing(study.db)).toThrow(NOTHING);
  });
});
