/* Counterpedia: run our search worker (workers/counterpedia-search.js) where Material would start its own.
   Ours speaks Material's worker protocol, so Material's search box and result list are used as they
   are, but searches the index built from the data with the algorithm of `counterpedia search`.

   Loaded from extra.polyfills, i.e. in <head>, before Material's bundle creates the worker; after the
   iframe-worker shim, so that it wraps whichever Worker is in use (the shim's, when opened from disk).
   The fragment keeps the name of Material's worker: workers/counterpedia-search.js#search.<hash>.min.js

   A result message also carries what Material does not show: the corrected query when a word was found
   only through a correction ("did you mean", typos.py). It is shown above the list, as a link that
   searches it. */
(function () {
  "use strict";
  var Original = window.Worker;
  if (typeof Original !== "function" || Original.__counterpedia) return;
  var MATERIAL = /\/workers\/(search\.[0-9a-f]+\.min\.js)(?:[?#].*)?$/;

  /* "Did you mean: <a>loyalty counter</a>" between Material's count line and its list (Material
     rewrites both on every result; this line is ours and is rewritten with them). */
  function showSuggestion(data) {
    var list = document.querySelector(".md-search-result__list");
    if (!list || !list.parentNode) return;
    var line = document.querySelector(".cp-search-suggestion");
    if (!data || !data.suggestion) {
      if (line) line.hidden = true;
      return;
    }
    if (!line) {
      line = document.createElement("p");
      line.className = "cp-search-suggestion";
      list.parentNode.insertBefore(line, list);
    }
    line.hidden = false;
    line.textContent = String(data.label || "Did you mean:") + " ";
    var link = document.createElement("a");
    link.href = "#";
    link.textContent = data.suggestion;
    link.addEventListener("click", function (event) {
      event.preventDefault();
      event.stopPropagation();  // Material closes the search on a click on a link of its results
      var box = document.querySelector("input.md-search__input");
      if (!box) return;
      var toggle = document.getElementById("__search");
      if (toggle && !toggle.checked) toggle.click();
      box.value = data.suggestion;
      box.focus();
      // Material reads the query on keyup (and input): the corrected query is searched as if typed.
      box.dispatchEvent(new Event("input", {bubbles: true}));
      box.dispatchEvent(new KeyboardEvent("keyup", {bubbles: true, key: "End"}));
    });
    line.appendChild(link);
  }

  /* The worker could not read the index (data.error): said above the list, in the page's language. */
  var UNREADABLE = {
    ja: "検索インデックスを読み込めませんでした。サイトを作り直してください:",
    en: "The search index could not be read; rebuild the site:",
    fr: "L'index de recherche n'a pas pu être lu ; reconstruisez le site :"
  };

  function showError(data) {
    var list = document.querySelector(".md-search-result__list");
    if (!list || !list.parentNode) return;
    var line = document.querySelector(".cp-search-error");
    if (!data || !data.error) {
      if (line) line.hidden = true;
      return;
    }
    if (!line) {
      line = document.createElement("p");
      line.className = "cp-search-error";
      line.setAttribute("role", "alert");
      list.parentNode.insertBefore(line, list);
    }
    var lang = (document.documentElement.lang || "en").slice(0, 2);
    line.hidden = false;
    line.textContent = (UNREADABLE[lang] || UNREADABLE.en) + " " + String(data.error);
  }

  function Worker(url, options) {
    var href = String(url);
    try {
      href = new URL(href, document.baseURI).href;
    } catch (error) { /* keep it as given */ }
    var match = MATERIAL.exec(href);
    if (match) {
      href = href.slice(0, match.index) + "/workers/counterpedia-search.js#" + match[1];
    }
    var worker = new Original(href, options);
    if (match && typeof worker.addEventListener === "function") {
      worker.addEventListener("message", function (event) {
        var message = event.data;
        if (message && message.type === 3) {  // RESULT
          showSuggestion(message.data);
          showError(message.data);
        }
      });
    }
    return worker;
  }
  Worker.prototype = Original.prototype;
  Worker.__counterpedia = true;
  window.Worker = Worker;
})();
