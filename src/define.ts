/** Side-effect entry: registers every `ew-*` element (guarded and versioned, see elements/define.ts). */
import { defineWalletElements } from './elements/define.js';

defineWalletElements();
