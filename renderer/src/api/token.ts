import { tokenFromFragment } from '../../../shared/transport';

/**
 * Browser mode hands the per-run token in the address fragment. It is kept in sessionStorage so a
 * reload still works, and removed from the address bar so it is not copied, bookmarked or screenshotted.
 */
const TOKEN_KEY = 'blindrate.token';

export function takeSessionToken(location: Location, storage: Storage, history: History): string | null {
  const fromFragment = tokenFromFragment(location.hash);
  if (fromFragment) {
    storage.setItem(TOKEN_KEY, fromFragment);
    history.replaceState(null, '', location.pathname + location.search);
    return fromFragment;
  }
  return storage.getItem(TOKEN_KEY);
}
