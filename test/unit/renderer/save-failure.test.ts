// @vitest-environment jsdom
/** A save the main process refuses (full disk, read-only folder) keeps the answer on screen for a retry. */
import { describe, expect, it } from 'vitest';
import { installApi } from '../../../renderer/src/api/current';
import { useTask } from '../../../renderer/src/stores/task';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { FakeApi } from './fake-api';

const DISK_FULL =
  'The disk is full, so this was not saved. Free some disk space, then save again: your answer is still on screen.';

describe('a failed save', () => {
  it('shows the error, keeps every entered value and the comment, and the retry saves them', async () => {
    const fake = new FakeApi();
    const saveRating = fake.saveRating.bind(fake);
    let diskFull = true;
    fake.saveRating = async (request) => {
      if (diskFull) throw new Error(DISK_FULL);
      return saveRating(request);
    };
    installApi(fake);
    const store = useTask.getState();
    await store.open('rating-1', MEDISUMQA_RUBRIC);
    for (const dimension of MEDISUMQA_RUBRIC.dimensions)
      useTask.getState().rate(dimension.key, dimension.scale[0]!.value, MEDISUMQA_RUBRIC);
    useTask.getState().setComment('checked twice');
    const entered = useTask.getState().draft;

    expect(await useTask.getState().save()).toBeNull();
    expect(useTask.getState()).toMatchObject({ status: 'error', error: DISK_FULL, notSaved: true, draft: entered });
    expect(fake.ratingSaves).toEqual([]);

    diskFull = false;
    expect(await useTask.getState().save()).not.toBeNull();
    expect(useTask.getState()).toMatchObject({ error: null, notSaved: false });
    expect(fake.ratingSaves).toEqual([
      expect.objectContaining({ assignmentId: 'rating-1', values: entered.values, comment: 'checked twice' }),
    ]);
  });
});
