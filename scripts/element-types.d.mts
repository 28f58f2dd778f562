export const OUTPUT: string;
export interface ManifestElement {
  tag: string;
  className: string;
  path: string;
  attributes: { name: string; fieldName: string }[];
  properties: string[];
}
export function manifestElements(manifest: {
  modules: { path: string; declarations?: unknown[] }[];
}): ManifestElement[];
export function renderElementTypes(manifest: {
  modules: { path: string; declarations?: unknown[] }[];
}): Promise<string>;
