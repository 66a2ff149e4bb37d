import userEvent from '@testing-library/user-event';
import { installApi } from '../../../renderer/src/api/current';
import { App } from '../../../renderer/src/App';
import { useSession } from '../../../renderer/src/stores/session';
import { useTask } from '../../../renderer/src/stores/task';
import { useUi } from '../../../renderer/src/stores/ui';
import { FakeApi } from './fake-api';
import { renderInProviders } from './render-in-providers';

/** Fresh stores, a fresh fake study, and the whole app rendered on its first screen. */
export function renderApp(api = new FakeApi()) {
  localStorage.clear();
  useSession.setState(useSession.getInitialState(), true);
  useTask.setState(useTask.getInitialState(), true);
  useUi.setState(useUi.getInitialState(), true);
  installApi(api);
  const user = userEvent.setup();
  const view = renderInProviders(<App />);
  return { api, user, ...view };
}
