import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { installApi } from '../../../renderer/src/api/current';
import { App } from '../../../renderer/src/App';
import { useSession } from '../../../renderer/src/stores/session';
import { useTask } from '../../../renderer/src/stores/task';
import { useUi } from '../../../renderer/src/stores/ui';
import { FakeApi } from './fake-api';
import { renderInProviders } from './render-in-providers';

/** Fresh stores, a fresh fake study, and the whole app rendered on its first screen; `reloadPage` records reloads. */
export function renderApp(api = new FakeApi()) {
  localStorage.clear();
  useSession.setState(useSession.getInitialState(), true);
  useTask.setState(useTask.getInitialState(), true);
  useUi.setState(useUi.getInitialState(), true);
  installApi(api);
  const user = userEvent.setup();
  const reloadPage = vi.fn();
  const view = renderInProviders(<App reloadPage={reloadPage} />);
  return { api, user, reloadPage, ...view };
}
