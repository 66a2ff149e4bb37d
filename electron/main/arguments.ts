/**
 * Command-line switches of the Electron main process, written by `blindrate start` and by the
 * Electron e2e launcher. Prefixed so they never collide with Chromium's own switches. A bare file
 * argument (what the OS passes for a double-clicked study or `.blindrate` package on Windows and
 * Linux) opens that file too.
 */
import { resolve } from 'node:path';

export const STUDY_SWITCH = '--blindrate-study=';
export const USER_DATA_SWITCH = '--blindrate-user-data=';
/** Further files listed beside the study (the demo offers its master next to the rater package); repeatable. */
export const ALSO_OFFER_SWITCH = '--blindrate-also-offer=';
/** Files the app opens: master studies and rater packages. */
export const OPENABLE_EXTENSIONS = ['db', 'blindrate'] as const;

export interface MainArguments {
  study: string | null;
  userData: string | null;
  alsoOffer?: string[];
}

function isOpenableFile(arg: string): boolean {
  const extension = arg.split('.').pop()?.toLowerCase() ?? '';
  return !arg.startsWith('-') && arg.includes('.') && (OPENABLE_EXTENSIONS as readonly string[]).includes(extension);
}

export function parseMainArguments(argv: readonly string[]): MainArguments {
  const valueOf = (prefix: string) => argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) || null;
  const bareFile = argv.slice(1).find(isOpenableFile) ?? null;
  const alsoOffer = argv
    .filter((a) => a.startsWith(ALSO_OFFER_SWITCH) && a.length > ALSO_OFFER_SWITCH.length)
    .map((a) => a.slice(ALSO_OFFER_SWITCH.length));
  return {
    study: valueOf(STUDY_SWITCH) ?? bareFile,
    userData: valueOf(USER_DATA_SWITCH),
    ...(alsoOffer.length ? { alsoOffer } : {}),
  };
}

export function mainArgumentList(args: MainArguments): string[] {
  return [
    ...(args.study ? [STUDY_SWITCH + args.study] : []),
    ...(args.userData ? [USER_DATA_SWITCH + args.userData] : []),
    ...(args.alsoOffer ?? []).map((path) => ALSO_OFFER_SWITCH + path),
  ];
}

/**
 * What a second launch hands to the running instance through requestSingleInstanceLock: the file
 * to open, already absolute because the running instance has another working directory.
 */
export interface OpenRequest {
  study: string;
}

export function openRequestFor(args: MainArguments, cwd: string): OpenRequest | undefined {
  return args.study ? { study: resolve(cwd, args.study) } : undefined;
}

/** The data arrives from another process: trusted no further than its shape. */
export function isOpenRequest(value: unknown): value is OpenRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { study?: unknown }).study === 'string' &&
    (value as OpenRequest).study !== ''
  );
}
