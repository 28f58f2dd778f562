/**
 * What this browser is, from its user-agent string: the browser and the system, to name this
 * device in the list of signed-in devices. Only this device is known so: the service does not
 * record other sessions' browsers.
 */
import type { DeviceSystem } from '../strings/table.js';

export interface Device {
  /** A browser's product name, the same in every language; undefined when not recognised. */
  browser: string | undefined;
  system: DeviceSystem;
}

// The order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, DeviceSystem][] = [
  [/iPhone|iPad|iPod/, 'iphone'],
  [/Android/, 'android'],
  [/CrOS/, 'chromeos'],
  [/Macintosh|Mac OS X/, 'mac'],
  [/Windows/, 'windows'],
  [/Linux/, 'linux'],
];

export function describeDevice(userAgent = navigator.userAgent): Device {
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1],
    system: SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'other',
  };
}
