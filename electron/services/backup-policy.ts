/** How many backups are kept and how often the app writes one: in a module of its own for the CLI's help. */

export const BACKUPS_KEPT = 5;
export const BACKUP_EVERY_SAVES = 25;
