// The shop on Next.js (`npm run build:next`, then `node server.js --next`): the
// pages are the files of public/ (the script-tag page, and the ESM page vite
// builds there), the routes are route handlers in app/, each answer carries the
// strict CSP.
import { PAGE_CSP } from './routes.js';

export default {
  skipTrailingSlashRedirect: true, // /esm/ is the ESM page, as with the other backends
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/', destination: '/index.html' },
        { source: '/esm/', destination: '/esm/index.html' },
      ],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'content-security-policy', value: PAGE_CSP },
          { key: 'x-frame-options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};
