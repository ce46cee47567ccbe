/* Counterpedia: run Material's search worker through our wrapper (workers/counterpedia-search.js),
   which gives the index and the query one normalization (NFKC, accents, plurals, Japanese segments).

   Loaded from extra.polyfills, i.e. in <head>, before Material's bundle creates the worker; after the
   iframe-worker shim, so that it wraps whichever Worker is in use (the shim's, when opened from disk).
   The wrapper finds Material's worker from the URL fragment: workers/counterpedia-search.js#search.<hash>.min.js */
(function () {
  "use strict";
  var Original = window.Worker;
  if (typeof Original !== "function" || Original.__counterpedia) return;
  var MATERIAL = /\/workers\/(search\.[0-9a-f]+\.min\.js)(?:[?#].*)?$/;

  function Worker(url, options) {
    var href = String(url);
    try {
      href = new URL(href, document.baseURI).href;
    } catch (error) { /* keep it as given */ }
    var match = MATERIAL.exec(href);
    if (match) {
      href = href.slice(0, match.index) + "/workers/counterpedia-search.js#" + match[1];
    }
    return new Original(href, options);
  }
  Worker.prototype = Original.prototype;
  Worker.__counterpedia = true;
  window.Worker = Worker;
})();
