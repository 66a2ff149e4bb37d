/**
 * Scrolls only the workspace pane that holds `element` (never the page itself, which would push the
 * task toolbar out of view), centring it or just bringing it into view.
 */
export function scrollIntoPane(element: Element | null | undefined, mode: 'center' | 'nearest'): void {
  const pane = element?.closest<HTMLElement>('.workspace-left, .workspace-right');
  if (!element || !pane) return;
  const box = element.getBoundingClientRect();
  const paneBox = pane.getBoundingClientRect();
  // What a sticky child (the rating answer) covers at the top is not in view either.
  const coveredTo = Array.from(pane.children)
    .filter((child) => child !== element && getComputedStyle(child).position === 'sticky')
    .reduce((bottom, child) => Math.max(bottom, child.getBoundingClientRect().bottom), paneBox.top);
  const view = { top: coveredTo, bottom: paneBox.bottom, height: paneBox.bottom - coveredTo };
  if (mode === 'center') {
    pane.scrollTop += box.top - view.top - (view.height - box.height) / 2;
  } else if (box.top < view.top) {
    pane.scrollTop -= view.top - box.top + 8;
  } else if (box.bottom > view.bottom) {
    pane.scrollTop += box.bottom - view.bottom + 8;
  }
}
