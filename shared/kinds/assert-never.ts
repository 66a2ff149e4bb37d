/**
 * The default branch of a switch over a kind: a value the switch did not handle is a type error here
 * (`never`), so adding a kind makes the compiler name every switch that must learn it. At run time it
 * throws, for a value that slipped past the types (a corrupt file, an old package).
 */
export function assertNever(value: never, what: string): never {
  throw new Error(`Unknown ${what}: ${JSON.stringify(value)}`);
}
