/** When the app closes the study: the database must be closed so its write-ahead log is folded into the file. */
import type { App } from 'electron';
import type { ApiHost } from '../services/api-host';

export function closeStudyOnQuit(app: Pick<App, 'on' | 'quit'>, host: Pick<ApiHost, 'closeStudy'>): void {
  app.on('window-all-closed', () => {
    void host.closeStudy().then(() => app.quit());
  });
  // app.quit() (File > Quit, Cmd+Q, logout) closes the windows without emitting 'window-all-closed';
  // without this the study file would be left without the ratings still in its -wal file.
  // closeStudy closes the database synchronously, before the process exits.
  app.on('will-quit', () => {
    void host.closeStudy();
  });
}
