/** The engine's own accessibility tree, where the automation can read it (web-test-runner.config.js). */
import { executeServerCommand } from '@web/test-runner-commands';
import type { Need } from '#test-harness';

export interface AxNode {
  role: string;
  description: string;
}

/** The accessible nodes named `name` (role and computed description), or why this engine cannot say. */
export async function accessibleNodes(name: string): Promise<{ nodes?: AxNode[] } & Need> {
  return (await executeServerCommand('accessibility-tree', { name })) as { nodes?: AxNode[] } & Need;
}
