// @vitest-environment jsdom
/** The next task is fetched after the one just opened is painted, and never once the rater has left. */
import { afterEach, describe, expect, it } from 'vitest';
import { installApi } from '../../../renderer/src/api/current';
import { forgetPrefetchedTask, useTask } from '../../../renderer/src/stores/task';
import { MEDISUMQA_RUBRIC } from '../../../shared/rubric';
import { FakeApi } from './fake-api';

const twoFrames = () => new Promise((resolve) => setTimeout(resolve, 100));

afterEach(() => useTask.getState().clear());

describe('prefetching the next task', () => {
  it('fetches it once the opened task has had its frame, not while that task is being shown', async () => {
    const api = new FakeApi();
    installApi(api);
    await useTask.getState().open('rating-1', MEDISUMQA_RUBRIC);
    expect(api.reads).toEqual(['getTask rating-1']);
    await twoFrames();
    expect(api.reads).toEqual(['getTask rating-1', 'getTask rating-2']);
  });

  it('drops a prefetch still waiting for its frame when the rater leaves the task screen', async () => {
    const api = new FakeApi();
    installApi(api);
    await useTask.getState().open('rating-1', MEDISUMQA_RUBRIC);
    forgetPrefetchedTask();
    await twoFrames();
    expect(api.reads).toEqual(['getTask rating-1']);
  });
});
