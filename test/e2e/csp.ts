/** Records every Content Security Policy violation of a page: DOM events and Chromium's console reports. */
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    recordCspViolation?: (report: string) => Promise<void>;
  }
}

export interface CspRecorder {
  /** The Content-Security-Policy header of the reloaded page. */
  policy: string;
  violations(): string[];
}

/**
 * Installs the listener before any page script runs (init script, then a reload, so that violations
 * during start-up count too), reports into this process so later reloads lose nothing, and keeps
 * Chromium's console reports ("Applying inline style violates…") as well.
 */
export async function recordCspViolations(page: Page): Promise<CspRecorder> {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('recordCspViolation', (report: string) => void reports.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.recordCspViolation?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} from ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}: ${event.sample}`,
      );
    });
  });
  const response = await page.reload();
  if (!response) throw new Error('Reloading the app gave no response.');
  return { policy: (await response.headerValue('content-security-policy')) ?? '', violations: () => [...reports] };
}

/** A spec file's end: no violation was recorded while it ran, and its app and files are cleaned up either way. */
export async function expectNoCspViolationsThen(
  csp: CspRecorder | undefined,
  cleanUp: () => Promise<void>,
): Promise<void> {
  try {
    if (csp) expect(csp.violations(), 'Content Security Policy violations').toEqual([]);
  } finally {
    await cleanUp();
  }
}
