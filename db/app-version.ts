/** The BlindRate version, recorded in every audit entry so a log says which build wrote each row. */
import packageJson from '../package.json' with { type: 'json' };

export const APP_VERSION: string = packageJson.version;
