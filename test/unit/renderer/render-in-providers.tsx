import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Providers } from '../../../renderer/src/Providers';

/** jsdom lacks what Mantine asks the browser for; these answer as a plain desktop window would. */
export function polyfillBrowser(): void {
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

/** Renders one component inside the app's providers (theme, notifications), as the app would. */
export function renderInProviders(ui: ReactElement) {
  polyfillBrowser();
  return render(<Providers env="test">{ui}</Providers>);
}
