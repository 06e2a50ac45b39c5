// An old Internet Explorer cannot run the app at all (it ignores module scripts),
// so the notice recommending Chrome is written here in plain ES3. The test is the
// one of src/shell/browser.ts; src/shell/browser.test.ts runs this script.
(function () {
  var ua = (window.navigator && navigator.userAgent) || '';
  if (!/MSIE \d|Trident\/\d/.test(ua)) return;
  if ('noModule' in document.createElement('script')) return; // the app runs and shows its own notice
  var d = document.createElement('div');
  d.id = 'ie-notice';
  d.setAttribute('role', 'alert');
  d.style.cssText = 'padding:16px;margin:16px;border:1px solid #ed6c02;background:#fff4e5;color:#663c00;font:14px sans-serif';
  d.innerHTML =
    '\u60a8\u6b63\u5728\u4f7f\u7528\u65e7\u7248 Internet Explorer \u6d4f\u89c8\u5668\uff0c\u672c\u7cfb\u7edf\u65e0\u6cd5\u5728\u5176\u4e2d\u8fd0\u884c\uff0c\u8bf7\u4f7f\u7528 Chrome \u6d4f\u89c8\u5668\u8bbf\u95ee\u3002<br>' +
    'You are using an old Internet Explorer, which cannot run this system. Please use Chrome.<br>' +
    '\u0e04\u0e38\u0e13\u0e01\u0e33\u0e25\u0e31\u0e07\u0e43\u0e0a\u0e49 Internet Explorer \u0e23\u0e38\u0e48\u0e19\u0e40\u0e01\u0e48\u0e32 \u0e0b\u0e36\u0e48\u0e07\u0e44\u0e21\u0e48\u0e2a\u0e32\u0e21\u0e32\u0e23\u0e16\u0e43\u0e0a\u0e49\u0e07\u0e32\u0e19\u0e23\u0e30\u0e1a\u0e1a\u0e19\u0e35\u0e49\u0e44\u0e14\u0e49 \u0e01\u0e23\u0e38\u0e13\u0e32\u0e43\u0e0a\u0e49 Chrome';
  document.body.insertBefore(d, document.body.firstChild);
})();
