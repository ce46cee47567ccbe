/* Counterpedia: run our search worker (workers/counterpedia-search.js) where Material would start its own.
   Ours speaks Material's worker protocol, so Material's search box and result list are used as they
   are, but searches the index built from the data with the algorithm of `counterpedia search`.

   Loaded from extra.polyfills, i.e. in <head>, before Material's bundle creates the worker; after the
   iframe-worker shim, so that it wraps whichever Worker is in use (the shim's, when opened from disk).
   The fragment keeps the name of Material's worker: workers/counterpedia-search.js#search.<hash>.min.js */
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
