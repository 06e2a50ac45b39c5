import { describe, expect, it } from 'vitest';
import { isOldInternetExplorer } from './browser';
import html from '../../index.html?raw';
import ieCheck from '../../public/ie-check.js?raw';

const agents = {
  ie6: 'Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1)',
  ie8: 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.18362',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
};
const ie = ['ie6', 'ie8', 'ie10', 'ie11'];

describe('old Internet Explorer detection', () => {
  it.each(Object.entries(agents))('%s', (name, ua) => {
    expect(isOldInternetExplorer(ua)).toBe(ie.includes(name));
  });

  it('is false without a user agent', () => {
    expect(isOldInternetExplorer('')).toBe(false);
    expect(isOldInternetExplorer(undefined)).toBe(false);
  });
});

describe('the plain-ES3 notice in index.html', () => {
  // a file of its own, not inline: the server's Content-Security-Policy allows no inline script;
  // async: the page's parse (and so the app's module) does not wait for its answer
  const script = /<script id="ie-check" src="\/ie-check.js" async><\/script>/.test(html) ? ieCheck : '';

  /** Runs the inline script in a stand-in browser; returns the notice it wrote, or null. */
  function run(ua: string, supportsModules: boolean): string | null {
    let written: { id: string; innerHTML: string } | null = null;
    const fakeDocument = {
      createElement: (tag: string) =>
        tag === 'script' ? (supportsModules ? { noModule: false } : {}) : { id: '', innerHTML: '', style: {}, setAttribute() {} },
      body: { firstChild: null, insertBefore: (el: { id: string; innerHTML: string }) => void (written = el) },
    };
    new Function('window', 'navigator', 'document', script)({ navigator: { userAgent: ua } }, { userAgent: ua }, fakeDocument);
    return written ? (written as { innerHTML: string }).innerHTML : null;
  }

  it('exists and uses the same test as isOldInternetExplorer', () => {
    expect(script).toContain('/MSIE \\d|Trident\\/\\d/');
  });

  it.each(Object.entries(agents))('%s without module scripts', (name, ua) => {
    const notice = run(ua, false);
    if (ie.includes(name)) expect(notice).toContain('Chrome');
    else expect(notice).toBeNull();
  });

  it('says it in zh, en and th (the app, with its i18n texts, cannot run there)', () => {
    const notice = run(agents.ie8, false) ?? '';
    expect(notice).toMatch(/[\u4e00-\u9fff]/);
    expect(notice).toContain('Please use Chrome');
    expect(notice).toMatch(/[\u0e00-\u0e7f]/);
  });

  it('leaves the notice to the app where the app runs', () => {
    expect(run(agents.ie11, true)).toBeNull();
  });
});
