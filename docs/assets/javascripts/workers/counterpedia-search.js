/* Counterpedia search worker: Material for MkDocs' search worker, with one normalization for the
   index and the query. Mirrors tools/counterpedia/search/normalize.py (tests/browser check they agree).

   - The index text was NFKC-normalized at build time and is split with our separator (config.separator).
   - Every token, indexed or queried, is folded: NFKC, lower case, Latin accents off, plurals reduced.
   - The query is NFKC-normalized and split like the index; a Japanese query word is segmented with
     the same TinySegmenter the index was segmented with (取り除かれる -> 取り除か + れる), and a segment the
     index does not hold is split further along the index's own words.
   - Power/toughness words (+1/+1, -1/-1, +X/+Y) are kept whole, and a leading sign is dropped on both
     sides (+1/+1 is indexed as 1/+1): Lunr would read it as an operator.

   Runs as a real worker (served over http) and inside the iframe-worker shim (opened from disk);
   in a page (no importScripts) it only defines self.CounterpediaSearch, for the tests. */
(function () {
  "use strict";

  var JA = "\u3005\u3006\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
  var WORD = "0-9a-z\u00b5\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3005-\u3007\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff";
  var JA_RE = new RegExp("[" + JA + "]");
  var LEAD_RE = new RegExp("^[^" + WORD + "]+");
  var TRAIL_RE = new RegExp("[^" + WORD + "]+$");
  var ACCENTED_RE = /[\u00c0-\u024f\u1e00-\u1eff]/g;
  var MARKS_RE = /[\u0300-\u036f]/g;
  var DASHES_RE = /[\u2010\u2011\u2012\u2212\ufe63]/g;
  var PT_RE = /^[+\-]?[0-9xy*]+\/[+\-]?[0-9xy*]+$/i;  // a power/toughness: +1/+1, -1/-1, +X/+Y
  var ELISION_RE = /^(?:qu|[cdjlmnst])['’](?=.)/i;
  var FIELD_RE = /^[+\-]?(title|text|tags):/;

  function normalizeText(text) {
    return String(text).normalize("NFKC").replace(DASHES_RE, "-");
  }

  function foldText(text) {
    return normalizeText(text).toLowerCase()
      .replace(ACCENTED_RE, function (c) { return c.normalize("NFD").replace(MARKS_RE, ""); })
      .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/ß/g, "ss");
  }

  function stem(token) {
    if (token.length < 4 || !/^[a-z]+$/.test(token)) return token;
    if (/ies$/.test(token) && token.length > 4) return token.slice(0, -3) + "y";
    if (/(eaux|eux|oux)$/.test(token)) return token.slice(0, -1);
    if (/aux$/.test(token) && token.length > 4) return token.slice(0, -3) + "al";
    if (/s$/.test(token) && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
    return token;
  }

  function foldToken(token) {
    token = foldText(token).replace(LEAD_RE, "").replace(TRAIL_RE, "");
    return stem(token);
  }

  /* The query string as Material's worker should see it: normalized and split like the index, with
     no sign left in front of a number (Lunr's "+"/"-" operators still work in front of a word). */
  function prepareQuery(query, separator) {
    var split = separator ? new RegExp(separator, "g") : /\s+/g;
    return normalizeText(query).replace(/[~^\\]/g, " ").split(/\s+/).map(function (word) {
      if (!word) return "";
      var prefix = "";
      var field = FIELD_RE.exec(word);
      if (field) {
        prefix = field[0];
        word = word.slice(prefix.length);
      } else if (/^[+\-]/.test(word) && !PT_RE.test(word.split(split)[0] || "") && !/^[+\-][0-9]/.test(word)) {
        prefix = word.charAt(0);  // Lunr's "must" / "must not" operators
        word = word.slice(1);
      }
      word = word.replace(ELISION_RE, "");  // l'effet, d'état, qu'il: the article is no word to look for
      var parts = word.split(split).filter(Boolean).map(function (part) {
        return part.replace(/^[+\-]+(?=[0-9xy*])/i, "");
      }).filter(Boolean);
      if (!parts.length) return "";
      parts[0] = prefix + parts[0];
      return parts.join(" ");
    }).filter(Boolean).join(" ");
  }

  var api = {
    normalizeText: normalizeText,
    foldText: foldText,
    foldToken: foldToken,
    stem: stem,
    prepareQuery: prepareQuery,
    keys: null,      // the index's terms, sorted (set when the index is built)
    inverted: null,
    separator: null
  };
  self.CounterpediaSearch = api;

  /* Does the index hold a term starting with `prefix`? */
  function hasPrefix(prefix) {
    var keys = api.keys;
    if (!keys) return true;
    var lo = 0, hi = keys.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (keys[mid] < prefix) lo = mid + 1; else hi = mid;
    }
    return lo < keys.length && keys[lo].lastIndexOf(prefix, 0) === 0;
  }

  /* Split a segment the index does not hold along the index's own words (longest first). */
  function alongIndex(segment) {
    var out = [], i = 0;
    while (i < segment.length) {
      var rest = segment.slice(i);
      if (hasPrefix(rest)) { out.push(rest); break; }
      var j = segment.length - 1;
      while (j > i + 1 && !(api.inverted && Object.prototype.hasOwnProperty.call(api.inverted, segment.slice(i, j)))) j--;
      out.push(segment.slice(i, j));
      i = j;
    }
    return out;
  }

  function segmentJapanese(term, lunr) {
    var segments = lunr.segmenter ? lunr.segmenter.segment(term) : [term];
    var out = [];
    segments.forEach(function (segment) {
      var folded = foldToken(segment);
      if (!folded) return;
      if (hasPrefix(folded)) out.push(folded);
      else out.push.apply(out, alongIndex(folded));
    });
    return out;
  }

  function patch(lunr) {
    if (!lunr || lunr.__counterpedia) return;
    lunr.__counterpedia = true;

    /* The query lexer splits on white space only: Material's query transformation splits each term
       with the index's separator (which keeps -1/-1 whole). */
    if (lunr.QueryLexer) lunr.QueryLexer.termSeparator = /\s+/;

    /* Index and query tokens: folded before any pipeline function (stop words) sees them. */
    var run = lunr.Pipeline.prototype.run;
    lunr.Pipeline.prototype.run = function (tokens) {
      var folded = [];
      for (var i = 0; i < tokens.length; i++) {
        var token = tokens[i].update(foldToken);
        if (token.toString()) folded.push(token);
      }
      return run.call(this, folded);
    };

    /* Remember the index's terms, to segment Japanese queries along them. */
    var build = lunr.Builder.prototype.build;
    lunr.Builder.prototype.build = function () {
      var index = build.apply(this, arguments);
      api.inverted = index.invertedIndex;
      api.keys = Object.keys(index.invertedIndex).sort();
      return index;
    };

    /* Query terms, wildcard or not, get the tokens' folding; Japanese terms are segmented. */
    var clause = lunr.Query.prototype.clause;
    lunr.Query.prototype.clause = function (spec) {
      if (!spec || typeof spec.term !== "string") return clause.call(this, spec);
      var term = spec.term;
      var lead = term.charAt(0) === "*" ? "*" : "";
      var trail = term.length > 1 && term.charAt(term.length - 1) === "*" ? "*" : "";
      var core = term.slice(lead.length, term.length - trail.length);
      var parts = JA_RE.test(core) ? segmentJapanese(core, lunr) : [foldToken(core)];
      var added = false;
      for (var i = 0; i < parts.length; i++) {
        if (!parts[i]) continue;
        var copy = {};
        for (var key in spec) copy[key] = spec[key];
        copy.term = lead + parts[i] + trail;
        clause.call(this, copy);
        added = true;
      }
      if (!added && !lead && !trail && !core) return clause.call(this, spec);
      return this;
    };
  }
  api.patch = patch;

  if (typeof importScripts !== "function") return;  // loaded in a page: the functions only

  /* The query message (type 2): normalized before Material's worker handles it. The setup
     message (type 0) carries the separator; patch Lunr then at the latest. */
  addEventListener("message", function (event) {
    var message = event.data;
    if (!message) return;
    if (message.type === 0 && message.data && message.data.config) {
      api.separator = message.data.config.separator;
      patch(self.lunr);
    } else if (message.type === 2 && typeof message.data === "string") {
      message.data = prepareQuery(message.data, api.separator);
    }
  });

  var script = typeof document !== "undefined" && document.currentScript
    ? document.currentScript.src
    : String(self.location.href);
  var here = script.split("#")[0].split("?")[0];
  var name = decodeURIComponent((script.split("#")[1] || "").split("?")[0]);
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(name)) {
    throw new Error("counterpedia-search.js: load it as workers/counterpedia-search.js#search.<hash>.min.js");
  }
  var loaded = importScripts(here.slice(0, here.lastIndexOf("/") + 1) + name);
  if (loaded && typeof loaded.then === "function") {
    loaded.then(function () { patch(self.lunr); });
  } else {
    patch(self.lunr);
  }
})();
