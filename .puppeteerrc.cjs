// Puppeteer drives Debian's firefox-esr for the Firefox runs (web-test-runner.config.js);
// it must not try to download browsers of its own (no network but the registries).
module.exports = { skipDownload: true };
