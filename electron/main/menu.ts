/** The application menu. No item opens a URL: the app never calls shell.openExternal. */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  /** The Open dialog for a master study or a rater package. */
  openStudy(): void;
  closeStudy(): void;
  allowDevTools: boolean;
}

export function applicationMenuTemplate(actions: MenuActions, platform: NodeJS.Platform): MenuItemConstructorOptions[] {
  const quit: MenuItemConstructorOptions = platform === 'darwin' ? { role: 'close' } : { role: 'quit' };
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: actions.openStudy },
        { label: 'Close Study', click: actions.closeStudy },
        { type: 'separator' },
        quit,
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      // No zoom items: Ctrl/Cmd + and − reach the page, whose text size is remembered (renderer/src/display/textSize.ts).
      submenu: [
        { role: 'togglefullscreen' },
        ...(actions.allowDevTools ? [{ role: 'toggleDevTools' } as MenuItemConstructorOptions] : []),
      ],
    },
    { role: 'windowMenu' },
  ];
}
