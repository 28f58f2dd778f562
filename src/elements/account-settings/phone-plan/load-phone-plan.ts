/** The door to the numbering plans (src/packaging/lazy-module.ts), opened when the phone form opens and awaited before a save. */
import { WalletCryptoError } from '../../../client/index.js';
import { lazyModule } from '../../../packaging/lazy-module.js';
import type * as PhonePlan from './phone-plan.lazy.js';

export const loadPhonePlan = lazyModule<typeof PhonePlan>({
  name: 'phone-plan',
  neededBy: 'Checking a phone number needs',
  load: () => import('./phone-plan.lazy.js'),
  refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
});
