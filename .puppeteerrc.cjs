// Puppeteer drives Debian's firefox-esr for the Firefox runs (scripts/engines.mjs);
// it must not try to download browsers of its own (no network but the registries).
module.exports = { skipDownload: true };
