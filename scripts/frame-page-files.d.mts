/** Writes isolated mode's frame page into `to`, from the script-tag bundle's files in `from`. */
export function writeFramePage(dirs: { from: string; to: string }): void;
