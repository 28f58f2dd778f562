/**
 * The one check of a request body against its operation's members
 * (operations.ts): a member the operation does not take is refused with
 * 400 INVALID_INPUT naming it, before the service is asked anything (what
 * only the credential's type decides, once the ownership lookup has said
 * which). So a page cannot have the relay pass on what no flow of the widget
 * sends: a customer field, another credential type's key.
 */
import { CREDENTIAL_TYPES, type CredentialType, type Members, type Operation } from './operation-types.js';
import { refuse } from './relay-error.js';

const isCredentialType = (value: unknown): value is CredentialType =>
  typeof value === 'string' && (CREDENTIAL_TYPES as readonly string[]).includes(value);

/** Refuses a body with a member outside `members`, naming the first one. */
function only(body: Record<string, unknown>, members: Members, what: string): void {
  const extra = Object.keys(body).find((key) => !Object.hasOwn(members, key));
  if (extra === undefined) return;
  const names = Object.keys(members);
  const not = `(not ${extra.slice(0, 80)})`;
  refuse(
    400,
    'INVALID_INPUT',
    names.length ? `${what} names only ${names.join(', ')} ${not}` : `${what} takes no body ${not}`,
  );
}

/**
 * Refuses `body` unless it has only members `operation` takes. `lookedUp` is
 * the credential in the path once the ownership lookup has found it: before
 * that, an operation whose members follow that credential's type takes the
 * members of any type; after, those of its type only (a type the relay does
 * not know takes none), and a body's `type` must be that type.
 */
export function checkBodyMembers(
  operation: Operation,
  body: Record<string, unknown>,
  lookedUp?: { credentialType: unknown },
): void {
  const rule = operation.body;
  if ('members' in rule) {
    only(body, rule.members, `A ${operation.name}`);
    const given = rule.exactlyOne?.filter((name) => Object.hasOwn(body, name));
    if (given && given.length !== 1)
      refuse(400, 'INVALID_INPUT', `A ${operation.name} names exactly one of ${rule.exactlyOne!.join(' or ')}`);
    return;
  }
  const known = lookedUp && (isCredentialType(lookedUp.credentialType) ? lookedUp.credentialType : null);
  if (rule.typeFrom === 'body') {
    const type = body['type'];
    if (!isCredentialType(type))
      return refuse(400, 'INVALID_INPUT', `type must be one of ${CREDENTIAL_TYPES.join(', ')}`);
    if (known !== undefined && type !== known)
      refuse(400, 'INVALID_INPUT', `type must be the credential's own${known ? ` (${known})` : ''}`);
    return only(body, rule.types[type], `A ${type} ${operation.name}`);
  }
  if (known === undefined)
    return only(body, Object.assign({}, ...Object.values(rule.types)) as Members, `A ${operation.name}`);
  only(body, known ? rule.types[known] : {}, `A ${known ?? 'credential'} ${operation.name}`);
}
