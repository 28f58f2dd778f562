import { randomUUID } from 'node:crypto';

/** The service's id form: `Type:<uuid>`. */
export const newId = (type: string): string => `${type}:${randomUUID()}`;
