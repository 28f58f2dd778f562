/** A free TCP port outside the ephemeral range, for a server whose address must be known before it starts. */
export function freePort(): Promise<number>;
/** True when nothing listens on `port` on any address. */
export function isFree(port: number): Promise<boolean>;
