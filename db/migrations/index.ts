import { initialSchema } from './0001_initial';

export interface Migration {
  /** Stored in PRAGMA user_version once applied. */
  version: number;
  name: string;
  sql: string;
}

/** Every migration, in the order they are applied. Append only; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [initialSchema];
