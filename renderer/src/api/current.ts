import type { BlindRateApi } from '../../../shared/api';

/** The one door to data. Installed once at start-up (or by a test with a fake). */
let installed: BlindRateApi | null = null;

export function installApi(api: BlindRateApi): void {
  installed = api;
}

export function api(): BlindRateApi {
  if (!installed) throw new Error('BlindRate API not installed: call installApi() before rendering.');
  return installed;
}
