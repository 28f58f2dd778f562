/** `api-base` → `apiBase`, `ew-signed-in` → `ewSignedIn`: a kebab-case name as its camelCase property. */
export type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
