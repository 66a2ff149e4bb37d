import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installApi } from '../../../renderer/src/api/current';
import { App } from '../../../renderer/src/App';
import { Providers } from '../../../renderer/src/Providers';
import { useSession } from '../../../renderer/src/stores/session';
import { useTask } from '../../../renderer/src/stores/task';
import { useUi } from '../../../renderer/src/stores/ui';
import { FakeApi } from './fake-api';

/** jsdom lacks what Mantine asks the browser for; these answer as a plain desktop window would. */
function polyfillBrowser(): void {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    });
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** Fresh stores, a fresh fake study, and the whole app rendered on its first screen. */
export function renderApp(api = new FakeApi()) {
  polyfillBrowser();
  localStorage.clear();
  useSession.setState(useSession.getInitialState(), true);
  useTask.setState(useTask.getInitialState(), true);
  useUi.setState(useUi.getInitialState(), true);
  installApi(api);
  const user = userEvent.setup();
  const view = render(
    <Providers env="test">
      <App />
    </Providers>,
  );
  return { api, user, ...view };
}
