/** This device named from its user-agent string: real strings of each browser family (their order in the string is the trap). */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { describeDevice } from '../../src/elements/sessions/device.js';
import { STRINGS_EN } from '../../src/elements/strings/en.js';

const UA = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  unknown: 'curl/8.5.0',
};

const named = (ua: string) => {
  const { browser, system } = describeDevice(ua);
  return STRINGS_EN.deviceName(browser, STRINGS_EN.systemName(system));
};

describe('this device, named by browser and system', () => {
  it('names each family by what it is, not by the names it also claims', () => {
    expect(named(UA.chromeLinux)).to.equal('Chrome on Linux');
    expect(named(UA.edgeWindows)).to.equal('Edge on Windows PC');
    expect(named(UA.safariIphone)).to.equal('Safari on iPhone or iPad');
    expect(named(UA.chromeIphone)).to.equal('Chrome on iPhone or iPad');
    expect(named(UA.firefoxMac)).to.equal('Firefox on Mac');
    expect(named(UA.chromeAndroid)).to.equal('Chrome on Android');
    expect(named(UA.chromebook)).to.equal('Chrome on Chromebook');
  });

  it('an unknown string says "this device" rather than guess', () => {
    expect(named(UA.unknown)).to.equal('this device');
  });
});
