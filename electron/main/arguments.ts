/**
 * Command-line switches of the Electron main process, written by `blindrate start` and by the
 * Electron e2e launcher. Prefixed so they never collide with Chromium's own switches.
 */
export const STUDY_SWITCH = '--blindrate-study=';
export const USER_DATA_SWITCH = '--blindrate-user-data=';
export const COORDINATOR_SWITCH = '--blindrate-coordinator';

export interface MainArguments {
  study: string | null;
  userData: string | null;
  coordinator: boolean;
}

export function parseMainArguments(argv: readonly string[]): MainArguments {
  const valueOf = (prefix: string) => argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) || null;
  return { study: valueOf(STUDY_SWITCH), userData: valueOf(USER_DATA_SWITCH), coordinator: argv.includes(COORDINATOR_SWITCH) };
}

export function mainArgumentList(args: MainArguments): string[] {
  return [
    ...(args.study ? [STUDY_SWITCH + args.study] : []),
    ...(args.userData ? [USER_DATA_SWITCH + args.userData] : []),
    ...(args.coordinator ? [COORDINATOR_SWITCH] : []),
  ];
}
