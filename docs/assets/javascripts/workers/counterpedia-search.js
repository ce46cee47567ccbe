/* Counterpedia search worker: the site's search box, with the algorithm of `counterpedia search`.

   A port of tools/counterpedia/search/{normalize,japanese,query,rank}.py, step by step and with the
   same constants; tests/browser runs both on the same index and queries and compares the results.
   Speaks the protocol of Material for MkDocs' search worker (messages SETUP 0, READY 1, QUERY 2,
   RESULT 3), so Material's search box, result list and on-page highlight are used as they are.

   - The index (search/search_index.json, or search_index.js from disk) holds, in docs[0], the site's
     texts as gzipped JSON (counterpedia.search.site_index); it is inflated and folded once. After READY, the
     folded texts are split into their distinct pieces (rank.Segments: a tenth of their length, each with the
     entries holding it), a slice at a time between messages; a word is then looked for in those pieces, not in
     the whole text (before they are made, in the whole text: the same result, slower).
   - A query's results are scored group by group, best possible score first, until no group left can reach
     the fiftieth (rank.rank's limit): the same results without scoring every unit a common word matches.
   - A query is split like the texts, folded (NFKC, case, accents), stemmed (untapped -> untap,
     détruit -> detrui), stripped of stop words and Japanese particles (取り除かれる -> 取り除).
   - Every unit holding a word of the query is ranked (no dead ends); a result lacking some words is
     shown with Material's "missing" line; names rank first; the text shown is the sentence that
     matched, its words marked.
   - Shorthands (p1p1, pw) are read as the name they mean (shorthands.py); a word that matches nothing
     is corrected (typos.py: a result found so is marked, and the RESULT message carries the corrected
     query, which counterpedia-search-polyfill.js offers as "did you mean").

   Runs as a real worker (served over http) and inside the iframe-worker shim (opened from disk);
   in a page (no importScripts) it only defines self.CounterpediaSearch, for the tests. */
(function () {
  "use strict";

  /* -- normalize.py ------------------------------------------------------------------------- */

  var JA_CHARS = "\u3005\u3006\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
  var KANJI = "\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
  var HIRAGANA = "\u3040-\u309f";
  var KATAKANA = "\u30a0-\u30fa\u30fc-\u30ff";
  var LATIN_CHARS = "0-9A-Za-z\u00c0-\u024f+/";
  var SEPARATOR =
    "[\\s\\u200b\\u3000、。，．・「」『』（）【】〈〉《》〔〕\\[\\](){}<>,;:!?~^\\\\|=“”„‘’'`…«»–—]+" +
    "|-(?![0-9xXyY])" +
    "|(?<=[" + LATIN_CHARS + "])(?=[" + JA_CHARS + "])" +
    "|(?<=[" + JA_CHARS + "])(?=[" + LATIN_CHARS + "])";
  var SEPARATOR_RE = new RegExp(SEPARATOR);
  var WORD = "0-9a-z\u00b5\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff";
  var TOKEN_CHARS = WORD + "\u3005-\u3007\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff";
  var LEAD_RE = new RegExp("^[^" + TOKEN_CHARS + "]+");
  var TRAIL_RE = new RegExp("[^" + TOKEN_CHARS + "]+$");
  var LEAD_ANY_RE = new RegExp("^[^" + TOKEN_CHARS + "]*");
  var ACCENTED_RE = /[\u00c0-\u024f\u1e00-\u1eff]/g;
  var MARKS_RE = /[\u0300-\u036f]/g;
  var DASHES_RE = /[\u2010\u2011\u2012\u2212\ufe63]/g;
  var JA_RE = new RegExp("[" + JA_CHARS + "]");
  var LETTERS_RE = /^[a-z]+$/;
  var STOP_WORDS = new Set((
    "a an the of with on is would be and to in for it its at by as from that this these those are was " +
    "were has have had does do did can could will should may might if then than so what which who whom " +
    "whose when where why how i me my you your we our they them their there any some just also into " +
    "de du des le la les d l un une au aux et en dans par pour sur que qui quoi qu ce cet cette ces se " +
    "sa ses est sont il elle ils elles on y je j me m ne n s c t te tu vous nous leur leurs lui " +
    "comment quand quel quelle quels quelles avec sans").split(" "));

  function normalizeText(text) {
    return String(text).normalize("NFKC").replace(DASHES_RE, "-");
  }

  var STRIPPED = new Map();  // accented letter -> without its accent (memoized: the index has many)

  function stripAccent(c) {
    var plain = STRIPPED.get(c);
    if (plain === undefined) {
      plain = c.normalize("NFD").replace(MARKS_RE, "");
      STRIPPED.set(c, plain);
    }
    return plain;
  }

  var SMALL_KANA = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ";
  var FULL_KANA = "あいうえおつやゆよわかけアイウエオツヤユヨワカケ";
  var SMALL_KANA_RE = new RegExp("[" + SMALL_KANA + "]", "g");

  function fullKana(c) {
    return FULL_KANA.charAt(SMALL_KANA.indexOf(c));
  }

  /* What foldText makes of one character after NFKC and lower case: a dash, an accented letter (then œ, æ, ß
     spelt out), a small kana; the steps of normalize.fold_text, applied to one character at a time. */
  var FOLDED_ONE = new Map();

  function foldOne(c) {
    var folded = FOLDED_ONE.get(c);
    if (folded === undefined) {
      folded = c.replace(DASHES_RE, "-").replace(ACCENTED_RE, stripAccent)
        .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/ß/g, "ss").replace(SMALL_KANA_RE, fullKana);
      FOLDED_ONE.set(c, folded);
    }
    return folded;
  }

  /* The characters that fold to something else after NFKC and lower case, by code unit: looked up in a loop over the text,
     which costs a few milliseconds on the whole index where a replace() calling foldOne per small kana or
     accented letter cost hundreds. */
  var FOLD_CODES = (function () {
    var table = new Array(0x10000).fill("");  // dense (a sparse array is a slow dictionary); "": unchanged
    var ranges = [[0xc0, 0x24f], [0x1e00, 0x1eff], [0x2010, 0x2012], [0x2212, 0x2212], [0xfe63, 0xfe63]];
    for (var k = 0; k < SMALL_KANA.length; k++) ranges.push([SMALL_KANA.charCodeAt(k), SMALL_KANA.charCodeAt(k)]);
    ranges.forEach(function (range) {
      for (var code = range[0]; code <= range[1]; code++) {
        var c = String.fromCharCode(code), folded = foldOne(c);
        if (folded !== c) table[code] = folded;
      }
    });
    return table;
  })();
  var FOLD_FROM = 0xc0;  // no code unit below folds

  function foldText(text) {
    var s = String(text).normalize("NFKC").toLowerCase(), out = "", last = 0;
    for (var i = 0; i < s.length; i++) {
      var code = s.charCodeAt(i);
      if (code < FOLD_FROM) continue;
      var folded = FOLD_CODES[code];
      if (folded !== "") {
        out += s.slice(last, i) + folded;
        last = i + 1;
      }
    }
    return last ? out + s.slice(last) : s;
  }

  var FOLDED_CHARS = new Map();

  function foldChar(char) {
    var folded = FOLDED_CHARS.get(char);
    if (folded === undefined) {
      folded = foldText(char);
      FOLDED_CHARS.set(char, folded);
    }
    return folded;
  }

  /* [folded, starts]: the fold of each character (code point), and where it came from. */
  function foldCharMap(text) {
    var out = [], starts = [], offset = 0;
    for (var char of text) {
      var folded = foldChar(char);
      out.push(folded);
      for (var i = 0; i < folded.length; i++) starts.push(offset);
      offset += char.length;
    }
    return [out.join(""), starts];
  }

  function undouble(word) {
    var last = word.charAt(word.length - 1);
    if (word.length >= 3 && last === word.charAt(word.length - 2) && "bdgkmnprt".indexOf(last) >= 0) {
      return word.slice(0, -1);
    }
    return word;
  }

  function endsWith(word, suffixes) {
    for (var i = 0; i < suffixes.length; i++) if (word.endsWith(suffixes[i])) return true;
    return false;
  }

  function stemEn(word) {
    if (word.length < 4 || !LETTERS_RE.test(word)) return word;
    if (word.endsWith("ies") && word.length > 4) return word.slice(0, -3);
    if (endsWith(word, ["ches", "shes"]) || (word.endsWith("es") && "sxz".indexOf(word.charAt(word.length - 3)) >= 0)) {
      word = word.slice(0, -2);
    } else if (word.endsWith("s") && !endsWith(word, ["ss", "us", "is"])) {
      word = word.slice(0, -1);
    } else if (word.endsWith("ing") && word.length >= 6) {
      word = undouble(word.slice(0, -3));
    } else if (word.endsWith("ed")) {
      var base = word.slice(0, -2);
      word = base.length >= 3 ? undouble(base) : word.slice(0, -1);
    }
    if (word.length >= 4 && word.endsWith("y") && "aeiou".indexOf(word.charAt(word.length - 2)) < 0) {
      return word.slice(0, -1);
    }
    if (word.length >= 4 && word.endsWith("e")) return word.slice(0, -1);
    return word;
  }

  var FR_ENDINGS = ["ees", "ee", "ent", "ez", "er", "ir", "re", "e"];

  function stemFr(word) {
    if (word.length < 4 || !LETTERS_RE.test(word)) return word;
    if (word.endsWith("aux") && word.length > 4) {
      word = word.slice(0, -2);
    } else if (endsWith(word, ["eux", "oux", "eaux"])) {
      word = word.slice(0, -1);
    } else if (word.endsWith("s") && !word.endsWith("ss") && word.length > 4) {
      word = word.slice(0, -1);
    }
    for (var i = 0; i < FR_ENDINGS.length; i++) {
      var ending = FR_ENDINGS[i];
      if (word.endsWith(ending) && word.length - ending.length >= 3) {
        word = word.slice(0, -ending.length);
        break;
      }
    }
    if (word.endsWith("it") && word.length >= 5) word = word.slice(0, -1);
    return word;
  }

  function stem(word, lang) {
    return lang === "fr" ? stemFr(word) : stemEn(word);
  }

  function foldToken(token) {
    return foldText(token).replace(LEAD_RE, "").replace(TRAIL_RE, "");
  }

  function split(text) {
    return normalizeText(text).split(SEPARATOR_RE).filter(Boolean);
  }

  function hasJapanese(text) {
    return JA_RE.test(text);
  }

  /* -- japanese.py -------------------------------------------------------------------------- */

  // ー after hiragana lengthens it (a reading typed as it sounds: かうんたー), as after katakana.
  var RUNS_RE = new RegExp("[" + KANJI + "]+|[" + KATAKANA + "]+|[" + HIRAGANA + "][" + HIRAGANA + "ー]*", "g");
  var KANJI_RE = new RegExp("^[" + KANJI + "]+$");
  var HIRAGANA_RE = new RegExp("^[" + HIRAGANA + "][" + HIRAGANA + "ー]*$");
  var PARTICLES = ["を", "が", "の", "に", "は", "で", "と", "も", "へ", "や", "から", "まで", "より"];
  var SURU = ["す", "さ", "し", "せ"];
  var QUESTION_WORDS = new Set(["何", "誰", "何故", "何時", "如何"]);

  function startsWithAny(text, prefixes) {
    for (var i = 0; i < prefixes.length; i++) if (text.startsWith(prefixes[i])) return true;
    return false;
  }

  function japaneseTerms(piece) {
    var found = japaneseWords(piece);
    return found.length ? found : (piece.match(RUNS_RE) || []).map(function (run) { return [run, false]; });
  }

  function japaneseWords(piece) {
    var runs = piece.match(RUNS_RE) || [];
    var found = [];
    for (var i = 0; i < runs.length; i++) {
      var run = runs[i];
      if (KANJI_RE.test(run)) {
        var stemText = run;
        while (i + 2 < runs.length && HIRAGANA_RE.test(runs[i + 1]) && runs[i + 1].length === 1 &&
               PARTICLES.indexOf(runs[i + 1]) < 0 && KANJI_RE.test(runs[i + 2])) {
          stemText += runs[i + 1] + runs[i + 2];
          i += 2;
        }
        var after = i + 1 < runs.length ? runs[i + 1] : "";
        var noun = stemText === run && stemText.length >= 2 && startsWithAny(after, SURU);
        var isStem = HIRAGANA_RE.test(after) && !startsWithAny(after, PARTICLES) && !noun;
        if (!QUESTION_WORDS.has(stemText)) found.push([stemText, isStem]);
      } else if (!HIRAGANA_RE.test(run)) {
        found.push([run, false]);
      }
    }
    return found;
  }

  /* -- query.py ----------------------------------------------------------------------------- */

  var OPTIONAL = 0, REQUIRED = 1, EXCLUDED = -1, MAX_TERMS = 30;
  var OPERATOR_RE = /^[+-](?![0-9xXyY*])(?=.)/;

  function typedPrefix(piece, length) {
    var map = foldCharMap(piece), folded = map[0], starts = map[1];
    var lead = LEAD_ANY_RE.exec(folded)[0].length;
    var end = lead + length;
    if (end >= folded.length) return lead < starts.length ? piece.slice(starts[lead]) : piece;
    return piece.slice(starts[lead], starts[end]);
  }

  function term(text, kind, shown, presence, typed) {
    return {text: text, kind: kind, shown: shown, presence: presence, typed: typed};
  }

  function parseQuery(query, lang) {
    var terms = [], stopped = [];
    normalizeText(query).split(/\s+/).filter(Boolean).forEach(function (raw) {
      var presence = OPTIONAL;
      if (OPERATOR_RE.test(raw)) {
        presence = raw.charAt(0) === "+" ? REQUIRED : EXCLUDED;
        raw = raw.slice(1);
      }
      split(raw).forEach(function (piece) {
        if (hasJapanese(piece)) {
          var folded = foldText(piece), words = japaneseWords(folded), at = 0;  // particles alone are stop words
          (words.length ? words : japaneseTerms(folded)).forEach(function (found) {
            var typed = found[0], where = folded.indexOf(found[0], at);
            if (where >= 0 && folded.length === piece.length) {  // folding Japanese keeps lengths: ウォ, not ウオ
              typed = piece.slice(where, where + found[0].length);
              at = where + found[0].length;
            }
            (words.length ? terms : stopped).push(term(found[0], found[1] ? "stem" : "ja", typed, presence, typed));
          });
          return;
        }
        var token = foldToken(piece);
        if (!token) return;
        var word = stem(token, lang);
        var shown = token.startsWith(word) ? typedPrefix(piece, word.length) : piece;
        if ("+-".indexOf(piece.charAt(0)) >= 0 && piece.charAt(0) && "+-".indexOf(shown.charAt(0)) < 0) {
          shown = piece.charAt(0) + shown;
        }
        var singleLetter = token.length === 1 && !(token >= "0" && token <= "9");
        (STOP_WORDS.has(token) || singleLetter ? stopped : terms).push(term(word, "word", shown, presence, piece));
      });
    });
    var chosen = terms.length ? terms : stopped;
    var unique = new Map();
    chosen.forEach(function (t) {
      var key = t.text + "\u0000" + t.kind;
      if (!unique.has(key)) unique.set(key, t);
      else if (t.presence !== OPTIONAL) {
        var first = unique.get(key);
        unique.set(key, term(t.text, t.kind, first.shown, t.presence, first.typed));
      }
    });
    return Array.from(unique.values()).slice(0, MAX_TERMS);
  }

  /* -- rank.py ------------------------------------------------------------------------------ */

  var ROLE_WEIGHTS = {name: 1.0, reading: 1.0, rule: 0.8, text: 0.8, example: 0.6, ruling: 0.7, summary: 0.7, note: 0.5, page: 0.5};
  var KIND_BONUS = {counter: 3.0, mechanic: 2.5, term: 2.0, card: 1.5, rule: 1.0, ruling: 0.5, source: 0.0, page: 0.0};
  var PREFIX_QUALITY = 0.7;
  var NAME = 100.0, COVERAGE = 20.0, FOCUS = 10.0, TEXT = 5.0;
  var GENERIC_WORDS = new Set(["counter", "counters", "marqueur", "marqueurs"]);
  var GENERIC_JA = ["カウンター", "かうんたー"];  // and its reading
  var NAME_ROLES = ["name", "reading"];
  var SNIPPET_WIDTH = 160;
  var KINDS = {c: "counter", r: "rule", u: "ruling", k: "card", m: "mechanic", t: "term", s: "source", p: "page"};
  var ROLES = {n: "name", y: "reading", r: "rule", e: "example", t: "text", u: "ruling", s: "summary", o: "note", p: "page"};

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
  }

  function pattern(t) {
    if (!t.pattern) t.pattern = compile(t);
    t.pattern.lastIndex = 0;
    return t.pattern;
  }

  function compile(t) {
    if (t.kind === "word") {
      return new RegExp(escapeRegExp(t.text) + "(?<![" + WORD + "][\\s\\S]{" + t.text.length + "})[" + WORD + "]*", "g");
    }
    if (t.kind === "stem") {
      return new RegExp(escapeRegExp(t.text) + "(?<![" + KANJI + "][\\s\\S]{" + t.text.length + "})(?=[" + HIRAGANA + "])", "g");
    }
    return new RegExp(escapeRegExp(t.text), "g");
  }

  function quality(t, matched, lang) {
    if (t.kind !== "word" || matched === t.text || stem(matched, lang) === t.text) return 1.0;
    return PREFIX_QUALITY;
  }

  function spans(t, folded, lang) {
    var found = [], re = pattern(t), match;
    while ((match = re.exec(folded)) !== null) {
      var q = quality(t, match[0], lang);
      var end = q === 1.0 ? match.index + match[0].length : match.index + t.text.length;
      found.push([match.index, end, q]);
      if (match[0].length === 0) re.lastIndex++;
    }
    return found;
  }

  /* An entry's text as it is searched: folded; a reading without the spaces between its words. */
  function foldEntry(text, role) {
    var folded = foldText(text).replace(/\u0000/g, " ");
    return role === "reading" ? folded.replace(/ /g, "") : folded;
  }

  /* The index: from the payload of site_index.py, or from plain [kind, [[role, lang, text], …]] units. */
  function searchable(unitsEntries) {
    var roles = [], langs = [], texts = [], owners = [], kinds = [], first = [];
    unitsEntries.forEach(function (unit, number) {
      kinds.push(unit[0]);
      first.push(texts.length);
      unit[1].forEach(function (entry) {
        roles.push(entry[0]);
        langs.push(entry[1]);
        texts.push(entry[2]);
        owners.push(number);
      });
    });
    var parts = [], starts = [], offset = 0;
    for (var i = 0; i < texts.length; i++) {
      var part = foldEntry(texts[i], roles[i]) + "\u0000";
      starts.push(offset);
      offset += part.length;
      parts.push(part);
    }
    return {roles: roles, langs: langs, texts: texts, owners: owners, kinds: kinds,
            folded: parts.join(""), starts: starts, first: first};
  }

  function entryAt(starts, position) {
    var lo = 0, hi = starts.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (starts[mid] <= position) lo = mid + 1; else hi = mid;
    }
    return lo - 1;
  }

  /* entry -> the best quality of `t` in it (rank.scan): in the distinct pieces of the texts (`segmentsOf`) when
     the term holds no separator (unless the worker is still making them), else in the whole folded text. */
  function scan(index, t, lang) {
    if (!hasSeparator(t.text) && (index.segments || !index.building)) return scanSegments(segmentsOf(index), t, lang);
    return scanText(index, t, lang);
  }

  /* scan in the whole folded text: after a full match the search jumps to the next entry. */
  function scanText(index, t, lang) {
    var found = new Map(), folded = index.folded, starts = index.starts, size = starts.length;
    var re = pattern(t), position = 0, match;
    for (;;) {
      re.lastIndex = position;
      match = re.exec(folded);
      if (match === null) return found;
      var entry = entryAt(starts, match.index);
      var end = entry + 1 < size ? starts[entry + 1] : folded.length;
      var q = quality(t, match[0], lang);
      while (q < 1.0) {
        re.lastIndex = match.index + match[0].length;
        match = re.exec(folded);
        if (match === null || match.index + match[0].length > end) break;
        q = Math.max(q, quality(t, match[0], lang));
      }
      found.set(entry, q);
      position = end;
    }
  }

  /* -- rank.Segments: the distinct pieces of the folded texts ----------------------------------------------- */

  /* What splits a folded text into pieces (rank.SEPARATORS): neither a word's characters nor kanji nor kana (what
     a term's pattern looks at around it), so a term without them matches in a piece as it does in the texts. */
  var SEGMENT_SEPARATORS = " \u0000\n.,:;!?()[]{}«»“”\"、。「」『』《》—―•";
  var IS_SEPARATOR = new Uint8Array(0x10000);
  for (var sep = 0; sep < SEGMENT_SEPARATORS.length; sep++) IS_SEPARATOR[SEGMENT_SEPARATORS.charCodeAt(sep)] = 1;
  var WORD_CODES = new Uint8Array(0x10000);  // the characters of WORD, by code unit
  [[0x30, 0x39], [0x61, 0x7a], [0xb5, 0xb5], [0xc0, 0x24f], [0x370, 0x3ff], [0x400, 0x4ff]].forEach(function (range) {
    for (var code = range[0]; code <= range[1]; code++) WORD_CODES[code] = 1;
  });

  function hasSeparator(text) {
    for (var i = 0; i < text.length; i++) if (IS_SEPARATOR[text.charCodeAt(i)]) return true;
    return false;
  }

  /* The distinct pieces of the texts, made once per index: in the worker after READY, a slice at a time between
     messages (splitInBackground); else on the index's first search. Sorted (code unit order), each followed by
     "\u0000" (a tenth of the texts' length, for the scans), with the entries holding each (ascending); `inner`:
     the pieces where a word begins after their first character (d'un, 1/+1), where a word term is also searched.
     The pieces are told apart by a hash of their characters, computed in the one pass over the text, in a table
     of their first places: no string is made for each of the 600,000 pieces of the French index, only for the
     17,000 distinct ones (a Map of the pieces' strings took 250 ms). */
  function segmentsOf(index) {
    if (!index.segments) buildSegments(index.building || (index.building = segmentsBuilder(index)), Infinity);
    return index.segments;
  }

  function segmentsBuilder(index) {
    var mask = (1 << 15) - 1;
    return {index: index, i: 0, entry: 0, mask: mask, table: new Int32Array(mask + 1).fill(-1), count: 0,
            at: new Int32Array(1 << 14), sizes: new Int32Array(1 << 14), hashes: new Int32Array(1 << 14),
            last: new Int32Array(1 << 14), pairPieces: new Int32Array(1 << 18), pairEntries: new Int32Array(1 << 18),
            pairs: 0};
  }

  /* Splits about `budget` more characters of the texts; true once the segments are made (index.segments). */
  function buildSegments(build, budget) {
    var folded = build.index.folded, length = folded.length, i = build.i, stop = Math.min(length, i + budget);
    var entry = build.entry, from = i, mask = build.mask, table = build.table, count = build.count, at = build.at;
    var sizes = build.sizes, hashes = build.hashes, last = build.last, pairs = build.pairs;
    var pairPieces = build.pairPieces, pairEntries = build.pairEntries, hash, code, id;
    for (; i < stop; i++) {  // i: where a piece (or a run of separators) begins
      i = pieceEnd(folded, i, length);
      hash = pieceHash;
      code = folded.charCodeAt(i);
      var size = i - from;
      if (size > 0) {
        var slot = hash & mask;
        for (;;) {
          id = table[slot];
          if (id < 0 || (hashes[id] === hash && sizes[id] === size && samePiece(folded, at[id], from, size))) break;
          slot = (slot + 1) & mask;
        }
        if (id < 0) {
          id = count++;
          if (id === at.length) {
            at = grown(at);
            sizes = grown(sizes);
            hashes = grown(hashes);
            last = grown(last);
          }
          at[id] = from;
          sizes[id] = size;
          hashes[id] = hash;
          last[id] = -1;
          table[slot] = id;
          if (count * 2 > mask) {  // keep the table at most half full
            mask = mask * 2 + 1;
            table = new Int32Array(mask + 1).fill(-1);
            for (var k = 0; k < count; k++) {
              slot = hashes[k] & mask;
              while (table[slot] >= 0) slot = (slot + 1) & mask;
              table[slot] = k;
            }
          }
        }
        if (last[id] !== entry) {
          last[id] = entry;
          if (pairs === pairPieces.length) {
            pairPieces = grown(pairPieces);
            pairEntries = grown(pairEntries);
          }
          pairPieces[pairs] = id;
          pairEntries[pairs++] = entry;
        }
      }
      if (code === 0) entry++;  // the end of an entry's text (folding made its own NULs spaces)
      from = i + 1;
    }
    build.i = i;
    build.entry = entry;
    build.mask = mask;
    build.table = table;
    build.count = count;
    build.at = at;
    build.sizes = sizes;
    build.hashes = hashes;
    build.last = last;
    build.pairs = pairs;
    build.pairPieces = pairPieces;
    build.pairEntries = pairEntries;
    if (i < length) return false;
    finishSegments(build);
    return true;
  }

  function finishSegments(build) {
    var folded = build.index.folded, count = build.count, at = build.at, sizes = build.sizes, pairs = build.pairs;
    var pairPieces = build.pairPieces, pairEntries = build.pairEntries;
    var texts = new Array(count), order = new Array(count), rankOf = new Int32Array(count), n;
    for (n = 0; n < count; n++) {
      texts[n] = folded.substr(at[n], sizes[n]);
      order[n] = n;
    }
    order.sort(function (a, b) { return texts[a] < texts[b] ? -1 : 1; });  // distinct: never equal
    var pieces = new Array(count), pieceStarts = new Int32Array(count + 1), postingStarts = new Int32Array(count + 1);
    var held = new Int32Array(count), offset = 0, total = 0;
    for (n = 0; n < pairs; n++) held[pairPieces[n]]++;
    var inner = [], innerStarts = [], innerIds = [], innerOffset = 0;
    for (n = 0; n < count; n++) {
      var text = pieces[n] = texts[order[n]];
      rankOf[order[n]] = n;
      pieceStarts[n] = offset;
      offset += text.length + 1;
      postingStarts[n] = total;
      total += held[order[n]];
      for (var c = 1; c < text.length; c++) {
        if (WORD_CODES[text.charCodeAt(c)] && !WORD_CODES[text.charCodeAt(c - 1)]) {
          innerStarts.push(innerOffset);
          innerIds.push(n);
          inner.push(text);
          innerOffset += text.length + 1;
          break;
        }
      }
    }
    pieceStarts[count] = offset;
    postingStarts[count] = total;
    innerStarts.push(innerOffset);
    var postings = new Int32Array(total), filled = postingStarts.slice(0, count);
    for (n = 0; n < pairs; n++) postings[filled[rankOf[pairPieces[n]]]++] = pairEntries[n];  // entries ascending
    build.index.segments = {pieces: pieces, text: pieces.join("\u0000") + "\u0000", starts: pieceStarts,
                      postings: postings, postingStarts: postingStarts,
                      inner: inner.join("\u0000") + "\u0000", innerStarts: innerStarts, innerIds: innerIds};
  }

  var SLICE = 400000;  // characters split per task in the background (about 10 ms)

  /* In the worker: the pieces are made after READY, a slice at a time between messages, so that neither READY
     nor a first query waits for them (a query meanwhile scans the whole text: the same result, slower). */
  function splitInBackground(index) {
    var build = index.building = segmentsBuilder(index);
    (function step() {
      if (!index.segments && !buildSegments(build, SLICE)) setTimeout(step, 0);
    })();
  }

  /* Where the piece from `i` ends (the next separator: every text ends with a NUL); its hash in pieceHash. A
     function of its own, called for each piece, is compiled early: the loop over each character inside
     segmentsOf ran uncompiled for most of its 4 million characters (130-170 ms against 45-80 ms). */
  var pieceHash = 0;

  function pieceEnd(text, i, length) {
    var hash = 0;
    for (; i < length; i++) {
      var code = text.charCodeAt(i);
      if (IS_SEPARATOR[code]) break;
      hash = Math.imul(hash ^ code, 16777619);
    }
    pieceHash = hash;
    return i;
  }

  function samePiece(text, a, b, size) {
    for (var k = 0; k < size; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
    return true;
  }

  function grown(array) {
    var bigger = new Int32Array(array.length * 2);
    bigger.set(array);
    return bigger;
  }

  /* The pieces where a word term may match (ascending): those beginning with it (a range of the sorted pieces),
     and those where it begins a word inside; null when the term is not a word's beginning (Segments.holding). */
  function holding(segments, t) {
    if (t.kind !== "word" || !WORD_CODES[t.text.charCodeAt(0)]) return null;
    var pieces = segments.pieces, lo = 0, hi = pieces.length, found = [];
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (pieces[mid] < t.text) lo = mid + 1; else hi = mid;
    }
    for (; lo < pieces.length && pieces[lo].startsWith(t.text); lo++) found.push(lo);
    var re = pattern(t), inner = segments.inner, starts = segments.innerStarts, match, more = false;
    re.lastIndex = 0;
    while ((match = re.exec(inner)) !== null) {
      var number = entryAt(starts, match.index);
      found.push(segments.innerIds[number]);
      more = true;
      re.lastIndex = starts[number + 1];
    }
    if (more) found = Array.from(new Set(found)).sort(function (a, b) { return a - b; });
    return found;
  }

  /* scan over the pieces: each piece's best quality, given to every entry holding it (the best over its pieces). */
  function scanSegments(segments, t, lang) {
    var found = new Map(), text = segments.text, starts = segments.starts, postings = segments.postings;
    var postingStarts = segments.postingStarts, re = pattern(t), qualities = new Map();
    var candidates = holding(segments, t), next = 0, position = 0, piece, match;
    for (;;) {
      if (candidates === null) {
        re.lastIndex = position;
        match = re.exec(text);
        if (match === null) break;
        piece = entryAt(starts, match.index);
      } else {
        if (next >= candidates.length) break;
        piece = candidates[next++];
        re.lastIndex = starts[piece];
        match = re.exec(text);
        if (match === null || match.index >= starts[piece + 1]) continue;
      }
      var end = starts[piece + 1], q = 0.0;
      while (match !== null && match.index < end) {
        var judged = qualities.get(match[0]);
        if (judged === undefined) {
          judged = quality(t, match[0], lang);
          qualities.set(match[0], judged);
        }
        if (judged > q) q = judged;
        if (q >= 1.0) break;
        re.lastIndex = match.index + Math.max(match[0].length, 1);
        match = re.exec(text);
      }
      for (var p = postingStarts[piece]; p < postingStarts[piece + 1]; p++) {
        var entry = postings[p];
        if (q > (found.get(entry) || 0.0)) found.set(entry, q);
      }
      position = end;
    }
    return found;
  }

  function foldedEntry(index, entry) {
    var end = entry + 1 < index.starts.length ? index.starts[entry + 1] : index.folded.length;
    return index.folded.slice(index.starts[entry], end - 1);
  }

  var LATIN_WORDS_RE = new RegExp("[" + WORD + "]+", "g");
  var JA_COUNTABLE_RE = new RegExp("[" + KANJI + KATAKANA + "]", "g");
  var READING_COUNTABLE_RE = new RegExp("[" + HIRAGANA + KATAKANA + "]", "g");

  function nameCoverage(folded, kind, terms, lang, reading) {
    var countable = new Array(folded.length).fill(false), match, i;
    LATIN_WORDS_RE.lastIndex = 0;
    while ((match = LATIN_WORDS_RE.exec(folded)) !== null) {
      var word = match[0];
      if (STOP_WORDS.has(word) || (kind === "counter" && GENERIC_WORDS.has(word))) continue;
      for (i = match.index; i < match.index + word.length; i++) countable[i] = true;
    }
    var countableRe = reading ? READING_COUNTABLE_RE : JA_COUNTABLE_RE;
    countableRe.lastIndex = 0;
    while ((match = countableRe.exec(folded)) !== null) countable[match.index] = true;
    if (kind === "counter") {
      GENERIC_JA.forEach(function (generic) {
        var at = folded.indexOf(generic);
        while (at >= 0) {
          for (i = at; i < at + generic.length; i++) countable[i] = false;
          at = folded.indexOf(generic, at + generic.length);
        }
      });
    }
    var total = 0;
    for (i = 0; i < countable.length; i++) if (countable[i]) total++;
    if (!total) return 0.0;
    var covered = new Array(folded.length).fill(false);
    terms.forEach(function (t) {
      if (t.presence === EXCLUDED) return;
      spans(t, folded, lang).forEach(function (span) {
        for (var j = span[0]; j < span[1]; j++) covered[j] = true;
      });
    });
    var count = 0;
    for (i = 0; i < folded.length; i++) if (covered[i] && countable[i]) count++;
    return count / total;
  }

  function round(value) {
    return Math.floor(value * 1e9 + 0.5) / 1e9;
  }

  /* The term looked for in place of `t`, as corrected to `key`. */
  function correctedTerm(t, key) {
    return term(key, t.kind, key, t.presence, t.typed);
  }

  /* Per term, the corrections to look for (rank.correct): [] when it is not corrected. `hits`: the terms' scans,
     when already made. */
  function correct(index, terms, lang, hits) {
    return terms.map(function (t, n) {
      var allowed = allowedEdits(t), edits = allowed[0], kind = allowed[1];
      if (!edits) return [];
      if (kind !== "hiragana" && (hits ? hits[n] : scan(index, t, lang)).size) return [];
      if (!index.vocabulary) return [];
      return candidates(t.text, vocabularyTable(index.vocabulary, kind, lang), edits,
                        kind === "latin" ? foldToken(t.typed) : null);
    });
  }

  /* The units matching at least one term, best first (the first `limit`); rank.rank. `hits`: the terms' scans,
     when already made (copied: the corrections are merged into them). With a `limit`, units are scored group by
     group (the same terms, a matched name or not, the same kind), best bound first, and the groups whose bound is
     below the limit-th score are skipped: the same result, without scoring the thousands of units a common word
     ("marqueur") matches. */
  function rank(index, terms, lang, kinds, prefer, limit, corrections, hits) {
    var active = [];
    terms.forEach(function (t, n) { if (t.presence !== EXCLUDED) active.push(n); });
    if (!active.length) return [];
    corrections = corrections || terms.map(function () { return []; });
    hits = hits ? hits.map(function (found, n) { return corrections[n].length ? new Map(found) : found; }) :
      terms.map(function (t) { return scan(index, t, lang); });
    var owners = index.owners, unitKinds = index.kinds, isName = namesOf(index);
    var asTyped = [];  // per term found as typed and corrected (hiragana): its units
    corrections.forEach(function (keys, n) {
      if (keys.length && hits[n].size) {
        var units = new Set();
        hits[n].forEach(function (_q, entry) { units.add(owners[entry]); });
        asTyped.push(units);
      }
    });
    var via = terms.map(function () { return new Map(); }), variants = terms.slice();
    corrections.forEach(function (keys, n) {
      keys.forEach(function (key, v) {
        var fixed = correctedTerm(terms[n], key);
        variants.push(fixed);
        scan(index, fixed, lang).forEach(function (q, entry) {
          q = q * CORRECTED_QUALITY;
          if (q > (hits[n].get(entry) || 0.0)) {
            hits[n].set(entry, q);
            via[n].set(entry, v);
          }
        });
      });
    });
    // Per unit, the bit mask of the terms it holds (at most MAX_TERMS, 30); per term, how many units hold it.
    var present = new Int32Array(unitKinds.length), touched = [], holding = [];
    hits.forEach(function (found, n) {
      var bit = 1 << n, count = 0;
      found.forEach(function (_q, entry) {
        var unit = owners[entry], bits = present[unit];
        if (bits & bit) return;
        if (!bits) touched.push(unit);
        present[unit] = bits | bit;
        count++;
      });
      holding.push(count);
    });
    var weights = holding.map(function (count) { return Math.log(1 + unitKinds.length / Math.max(count, 1)); });
    var total = 0;
    active.forEach(function (n) { total += weights[n]; });
    var activeMask = 0, required = 0, excluded = 0;
    terms.forEach(function (t, n) {
      if (t.presence !== EXCLUDED) activeMask |= 1 << n;
      if (t.presence === REQUIRED) required |= 1 << n;
      if (t.presence === EXCLUDED) excluded |= 1 << n;
    });
    var named = new Uint8Array(unitKinds.length);  // units with a name that holds a term
    active.forEach(function (n) {
      hits[n].forEach(function (_q, entry) { if (isName[entry]) named[owners[entry]] = 1; });
    });
    var groups = new Map(), ordered = [], kindNumbers = new Map();
    touched.forEach(function (unit) {
      var bits = present[unit];
      if ((bits & excluded) || (bits & required) !== required || !(bits & activeMask)) return;
      var kind = unitKinds[unit];
      if (kinds && !kinds.has(kind)) return;
      var tier = 0;
      asTyped.forEach(function (units) { if (units.has(unit)) tier++; });
      var hasName = named[unit] === 1, kindNumber = kindNumbers.get(kind);
      if (kindNumber === undefined) kindNumbers.set(kind, kindNumber = kindNumbers.size);
      var key = ((bits * 2 + named[unit]) * 64 + kindNumber) * 64 + tier, group = groups.get(key);  // under 2^43: exact
      if (group === undefined) {
        var share = 0.0;
        active.forEach(function (n) { if ((bits >> n) & 1) share += weights[n]; });
        share /= total;  // coverage; no text holds more
        var bound = ((hasName ? NAME : 0.0) + COVERAGE + FOCUS + TEXT * (hasName ? 1.0 : 0.8)) * share +
          (KIND_BONUS[kind] || 0.0);
        group = {bits: bits, bound: bound, tier: tier, units: []};
        groups.set(key, group);
        ordered.push(group);
      }
      group.units.push(unit);
    });
    ordered.sort(function (a, b) { return b.bound - a.bound; });
    var ranked = [], best = [];  // best: a min-heap of the `limit` best scores so far
    for (var g = 0; g < ordered.length; g++) {
      var group = ordered[g];
      if (limit && !asTyped.length && best.length >= limit && group.bound + 1e-6 < best[0]) break;
      for (var u = 0; u < group.units.length; u++) {
        var result = scoreUnit(index, variants, active, hits, weights, total, group.units[u], group.bits, lang, prefer);
        result.corrected = correctionsUsed(index, hits, via, corrections, result.unit, group.bits);
        result.tier = group.tier;
        ranked.push(result);
        if (limit) keepBest(best, limit, result.score);
      }
    }
    ranked.sort(function (a, b) { return b.tier - a.tier || b.score - a.score || a.unit - b.unit; });
    return limit ? ranked.slice(0, limit) : ranked;
  }

  /* Per entry, 1 when it is a name or a reading (NAME_ROLES): made once per index. */
  function namesOf(index) {
    if (!index.isName) {
      index.isName = new Uint8Array(index.roles.length);
      index.roles.forEach(function (role, entry) { if (NAME_ROLES.indexOf(role) >= 0) index.isName[entry] = 1; });
    }
    return index.isName;
  }

  /* Adds `score` to the min-heap `heap` of the `limit` best scores. */
  function keepBest(heap, limit, score) {
    var i;
    if (heap.length < limit) {
      heap.push(score);
      for (i = heap.length - 1; i > 0 && heap[(i - 1) >> 1] > heap[i]; i = (i - 1) >> 1) {
        var up = heap[i];
        heap[i] = heap[(i - 1) >> 1];
        heap[(i - 1) >> 1] = up;
      }
      return;
    }
    if (score <= heap[0]) return;
    heap[0] = score;
    for (i = 0; ;) {
      var left = 2 * i + 1, right = left + 1, low = i;
      if (left < heap.length && heap[left] < heap[low]) low = left;
      if (right < heap.length && heap[right] < heap[low]) low = right;
      if (low === i) return;
      var down = heap[i];
      heap[i] = heap[low];
      heap[low] = down;
      i = low;
    }
  }

  /* One unit's score, the entry that answers best and the entry to quote (rank._score); `terms`: the query's
     terms, then their corrections (`hits` and `active` are the query's). */
  function scoreUnit(index, terms, active, hits, weights, total, unit, bits, lang, prefer) {
    var roles = index.roles, langs = index.langs, start = index.first[unit];
    var end = unit + 1 < index.first.length ? index.first[unit + 1] : roles.length;
    var bestRole = new Array(hits.length).fill(0.0), held = [], masses = [], a, n;
    for (var entry = start; entry < end; entry++) {
      var mass = 0.0, found = false;
      for (a = 0; a < active.length; a++) {
        n = active[a];
        var q = hits[n].get(entry);
        if (q !== undefined) {
          mass = mass + weights[n] * q;
          var value = q * (ROLE_WEIGHTS[roles[entry]] !== undefined ? ROLE_WEIGHTS[roles[entry]] : 0.5);
          if (value > bestRole[n]) bestRole[n] = value;
          found = true;
        }
      }
      if (found) {
        held.push(entry);
        masses.push(mass);
      }
    }
    var coverage = 0.0, text = 0.0;
    for (a = 0; a < active.length; a++) {
      n = active[a];
      if ((bits >> n) & 1) {
        coverage += weights[n];
        text += weights[n] * bestRole[n];
      }
    }
    coverage /= total;
    text /= total;
    var focus = 0.0, name = 0.0, nameEntry = -1, snippetEntry = -1, snippetShare = 0.0, snippetLang = false;
    for (var h = 0; h < held.length; h++) {
      var at = held[h], share = masses[h] / total;
      if (share > focus) focus = share;
      if (NAME_ROLES.indexOf(roles[at]) >= 0) {
        var covered = nameCoverage(foldedEntry(index, at), index.kinds[unit], terms, lang, roles[at] === "reading") * share;
        if (nameEntry === -1 || covered > name) {
          name = covered;
          nameEntry = at;
        }
      } else {
        var preferred = langs[at] === prefer;
        if (share > snippetShare || (share === snippetShare && preferred && !snippetLang)) {
          snippetShare = share;
          snippetLang = preferred;
          snippetEntry = at;
        }
      }
    }
    var best = nameEntry >= 0 && (name > 0 || snippetEntry === -1) ? nameEntry : snippetEntry;
    var score = round(NAME * name + COVERAGE * coverage + FOCUS * focus + TEXT * text + (KIND_BONUS[index.kinds[unit]] || 0.0));
    var foundTerms = active.map(function (n) { return [n, ((bits >> n) & 1) === 1]; });
    return {unit: unit, score: score, found: foundTerms, best: best, snippetEntry: snippetEntry};
  }

  /* [[term, the correction a unit holds it as], …] (rank._corrections_used). */
  function correctionsUsed(index, hits, via, corrections, unit, bits) {
    var used = [], start = index.first[unit];
    var end = unit + 1 < index.first.length ? index.first[unit + 1] : index.roles.length;
    via.forEach(function (found, n) {
      if (!found.size || !((bits >> n) & 1)) return;
      var entry, typed = false, best = null;
      for (entry = start; entry < end; entry++) {
        if (hits[n].has(entry) && !found.has(entry)) typed = true;
      }
      if (typed) return;
      for (entry = start; entry < end; entry++) {
        if (found.has(entry)) {
          var q = hits[n].get(entry), v = found.get(entry);
          if (best === null || q > best[0] || (q === best[0] && v < best[1])) best = [q, v];
        }
      }
      if (best !== null) used.push([n, corrections[n][best[1]]]);
    });
    return used;
  }

  function marks(text, terms, lang) {
    var map = foldCharMap(text), folded = map[0], starts = map[1];
    var found = [];
    terms.forEach(function (t) {
      if (t.presence === EXCLUDED) return;
      spans(t, folded, lang).forEach(function (span) {
        if (span[1] > span[0]) found.push([starts[span[0]], starts[span[1] - 1] + codeUnits(text, starts[span[1] - 1])]);
      });
    });
    found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var merged = [];
    found.forEach(function (span) {
      var last = merged[merged.length - 1];
      if (last && span[0] <= last[1]) last[1] = Math.max(span[1], last[1]);
      else merged.push([span[0], span[1]]);
    });
    return merged;
  }

  /* The length in code units of the character at `offset` (2 for a surrogate pair). */
  function codeUnits(text, offset) {
    var code = text.charCodeAt(offset);
    return code >= 0xd800 && code <= 0xdbff && offset + 1 < text.length ? 2 : 1;
  }

  function sentences(text) {
    var found = [], start = 0, i = 0, size = text.length;
    while (i < size) {
      var char = text.charAt(i), end = -1;
      if (char === "\n") end = i;
      else if ("。！？".indexOf(char) >= 0) end = i + 1;
      else if (".!?".indexOf(char) >= 0 && i + 1 < size && " \t".indexOf(text.charAt(i + 1)) >= 0) end = i + 1;
      if (end < 0) {
        i += 1;
        continue;
      }
      if (end > start) found.push([start, end]);
      i = end;
      while (i < size && " \t\n".indexOf(text.charAt(i)) >= 0) i += 1;
      start = i;
    }
    if (start < size) found.push([start, size]);
    return found.length ? found : [[0, size]];
  }

  function lastSpace(text, low, high) {
    for (var i = high - 1; i >= low; i--) if (text.charAt(i) === " ") return i;
    return -1;
  }

  function snippet(text, terms, lang, width) {
    width = width || SNIPPET_WIDTH;
    var found = marks(text, terms, lang);
    var parts = sentences(text), best = parts[0], bestCount = -1;
    parts.forEach(function (part) {
      var count = 0;
      found.forEach(function (span) {
        if (span[0] < part[1] && span[1] > part[0]) count += Math.min(span[1], part[1]) - Math.max(span[0], part[0]);
      });
      if (count > bestCount) {
        best = part;
        bestCount = count;
      }
    });
    var start = best[0], end = best[1];
    var inside = found.filter(function (span) { return span[0] >= start && span[0] < end; })
      .map(function (span) { return [span[0], Math.min(span[1], end)]; });
    var cut = start, stop = end, space;
    if (end - start > width) {
      var first = inside.length ? inside[0][0] : start;
      cut = Math.max(start, Math.min(first - Math.floor(width / 4), end - width));
      if (cut > start) {
        space = lastSpace(text, Math.max(start, cut - 20), cut + 1);
        if (space >= 0) cut = space + 1;
      }
      stop = Math.min(end, cut + width);
      if (stop < end) {
        space = lastSpace(text, Math.max(cut, stop - 20), stop + 1);
        if (space > cut) stop = space;
      }
    }
    var prefix = cut > start ? "…" : "", suffix = stop < end ? "…" : "";
    var shift = prefix.length - cut;
    return [prefix + text.slice(cut, stop) + suffix,
            inside.filter(function (span) { return span[0] >= cut && span[0] < stop; })
              .map(function (span) { return [span[0] + shift, Math.min(span[1], stop) + shift]; })];
  }

  /* -- shorthands.py ------------------------------------------------------------------------ */

  function shorthandWords(typed) {
    return normalizeText(typed).split(/\s+/).filter(Boolean).map(foldText);
  }

  /* [query with each shorthand replaced by its name, [[shorthand as typed, name], …]]; rows: [[words, name], …],
     the longest first (site_index writes them so). */
  function expandShorthands(query, rows) {
    if (!rows || !rows.length) return [query, []];
    var raw = normalizeText(query).split(/\s+/).filter(Boolean), folded = raw.map(foldText);
    var out = [], used = [], i = 0;
    while (i < raw.length) {
      var matched = false;
      for (var r = 0; r < rows.length && !matched; r++) {
        var phrase = rows[r][0], size = phrase.length;
        if (i + size > raw.length) continue;
        var same = true;
        for (var k = 0; k < size; k++) if (folded[i + k] !== phrase[k]) { same = false; break; }
        if (same) {
          out.push(rows[r][1]);
          used.push([raw.slice(i, i + size).join(" "), rows[r][1]]);
          i += size;
          matched = true;
        }
      }
      if (!matched) {
        out.push(raw[i]);
        i += 1;
      }
    }
    return used.length ? [out.join(" "), used] : [query, []];
  }

  /* -- typos.py ----------------------------------------------------------------------------- */

  var MIN_LETTERS = 5, TWO_EDITS_FROM = 9, MAX_CORRECTIONS = 3, CORRECTED_QUALITY = 0.6, MIN_KEY = 3;
  var TYPO_LETTERS_RE = /^[a-z\u00b5\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]+$/;
  var HIRAGANA_WORD_RE = /^[\u3041-\u309f\u30fc]+$/;
  var KATAKANA_WORD_RE = /^[\u30a1-\u30fa\u30fc]+$/;
  var LONG_VOWELS_RE = /^ー+$/;

  function script(key) {
    if (TYPO_LETTERS_RE.test(key)) return "latin";
    if (HIRAGANA_WORD_RE.test(key) && !LONG_VOWELS_RE.test(key)) return "hiragana";
    if (KATAKANA_WORD_RE.test(key) && !LONG_VOWELS_RE.test(key)) return "katakana";
    return "";
  }

  /* The vocabulary's tables come with the index (typos.Table.encode: one line per key,
     "key<TAB>form|…", a form "folded count [written]", "=" for the key); read when a correction first needs it. */
  function vocabularyTable(vocabulary, kind, lang) {
    var name = kind === "latin" ? "latin-" + (lang === "fr" ? "fr" : "en") : kind;
    var table = vocabulary.tables.get(name);
    if (table) return table;
    table = new Map();
    (vocabulary.texts[name] || "").split("\n").forEach(function (line) {
      if (!line) return;
      var tab = line.indexOf("\t"), key = line.slice(0, tab), count = 0;
      var forms = line.slice(tab + 1).split("|").map(function (form) {
        var f = form.split(" "), folded = f[0] === "=" ? key : f[0];
        count += parseInt(f[1], 10);
        return [folded, f.length > 2 ? f[2] : folded, parseInt(f[1], 10)];
      });
      table.set(key, [count, forms]);
    });
    vocabulary.tables.set(name, table);
    return table;
  }

  /* [edits, table] for a term; [0, ""] when it is never corrected. */
  function allowedEdits(t) {
    if (t.presence === EXCLUDED) return [0, ""];
    if (t.kind === "word") {
      var token = foldToken(t.typed);
      if (!TYPO_LETTERS_RE.test(token) || token.length < MIN_LETTERS) return [0, ""];
      return [token.length < TWO_EDITS_FROM ? 1 : 2, "latin"];
    }
    if (t.kind === "ja") {
      var kind = script(t.text);
      if ((kind === "hiragana" || kind === "katakana") && t.text.length >= MIN_LETTERS) {
        return [t.text.length < TWO_EDITS_FROM ? 1 : 2, kind];
      }
    }
    return [0, ""];
  }

  /* The optimal string alignment distance of a and b, or limit + 1 when it is over `limit`. */
  var ROWS = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];  // distance's rows, kept between calls

  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var width = b.length + 1, i, j;
    if (ROWS[0].length < width) ROWS = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
    var previous2 = ROWS[0], previous = ROWS[1], current = ROWS[2];
    for (j = 0; j < width; j++) previous[j] = j;
    for (i = 1; i <= a.length; i++) {
      var low = i, c = a.charCodeAt(i - 1), before = i > 1 ? a.charCodeAt(i - 2) : -1;
      current[0] = i;
      for (j = 1; j < width; j++) {
        var d = b.charCodeAt(j - 1), value = previous[j] + 1;
        if (current[j - 1] + 1 < value) value = current[j - 1] + 1;
        if (previous[j - 1] + (c === d ? 0 : 1) < value) value = previous[j - 1] + (c === d ? 0 : 1);
        if (j > 1 && c === b.charCodeAt(j - 2) && before === d && previous2[j - 2] + 1 < value) value = previous2[j - 2] + 1;
        current[j] = value;
        if (value < low) low = value;
      }
      if (low > limit) return limit + 1;
      var spare = previous2;
      previous2 = previous;
      previous = current;
      current = spare;
    }
    return previous[b.length] <= limit ? previous[b.length] : limit + 1;
  }


  /* typos.candidates: the keys within `edits` edits of `word` (a stem), or with a word within `edits` edits
     of `typed` (as typed, folded); nearest, most frequent, code point order first. */
  function candidates(word, table, edits, typed) {
    var found = [];
    table.forEach(function (row, key) {
      if (key === word) return;
      var d = Math.abs(key.length - word.length) > edits ? edits + 1 : distance(word, key, edits);
      if (typed) {
        row[1].forEach(function (form) {
          if (Math.abs(form[0].length - typed.length) <= edits) d = Math.min(d, distance(typed, form[0], edits));
        });
      }
      if (d <= edits) found.push([d, row[0], key]);
    });
    found.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0); });
    return found.slice(0, MAX_CORRECTIONS).map(function (row) { return row[2]; });
  }

  /* typos.shown: of the words a correction stands for, the nearest to what was typed, then the most frequent. */
  function shownCorrection(index, t, key, lang) {
    var kind = allowedEdits(t)[1];
    var row = kind && index.vocabulary ? vocabularyTable(index.vocabulary, kind, lang).get(key) : undefined;
    if (!row) return key;
    var typed = kind === "latin" ? foldToken(t.typed) : t.text, limit = typed.length, best = null;
    row[1].forEach(function (form) { limit = Math.max(limit, form[0].length); });
    row[1].forEach(function (form) {
      var rowKey = [distance(typed, form[0], limit), -form[2], form[0]];
      if (best === null || rowKey[0] < best[0][0] || (rowKey[0] === best[0][0] && (rowKey[1] < best[0][1] ||
          (rowKey[1] === best[0][1] && rowKey[2] < best[0][2])))) {
        best = [rowKey, form[1]];
      }
    });
    return best[1];
  }

  /* [start, end] in `text` of the first place that folds to what `typed` folds to, else null. */
  function locate(text, typed) {
    var map = foldCharMap(text), folded = map[0], starts = map[1], wanted = foldText(typed);
    var at = wanted ? folded.indexOf(wanted) : -1;
    if (at < 0) return null;
    var after = at + wanted.length;
    return [starts[at], after < starts.length ? starts[after] : text.length];
  }

  function asTyped(query, typed) {
    var text = normalizeText(query), span = locate(text, typed);
    return span ? text.slice(span[0], span[1]) : typed;
  }

  /* typos.suggestion: the query with each word found only corrected replaced by its correction. */
  function suggestion(query, terms, corrections, ranked, shown) {
    var text = normalizeText(query), replacements = [];
    corrections.forEach(function (keys, n) {
      if (!keys.length) return;
      var typedSomewhere = ranked.some(function (r) {
        return r.found.some(function (pair) { return pair[0] === n && pair[1]; }) &&
          !r.corrected.some(function (pair) { return pair[0] === n; });
      });
      if (typedSomewhere) return;
      var key = null;
      for (var i = 0; i < ranked.length && key === null; i++) {
        ranked[i].corrected.forEach(function (pair) { if (pair[0] === n) key = pair[1]; });
      }
      if (key === null) return;
      var span = locate(text, terms[n].typed);
      if (span) replacements.push([span[0], span[1], shown(n, key)]);
    });
    if (!replacements.length) return null;
    replacements.sort(function (a, b) { return b[0] - a[0] || b[1] - a[1]; });
    replacements.forEach(function (r) { text = text.slice(0, r[0]) + r[2] + text.slice(r[1]); });
    return text;
  }

  /* -- the site: the index, Material's result items ---------------------------------------- */

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"}[c];
    });
  }

  function highlight(text, found) {
    var out = "", last = 0;
    found.forEach(function (span) {
      if (span[0] < last) return;
      out += escapeHtml(text.slice(last, span[0])) + "<mark>" + escapeHtml(text.slice(span[0], span[1])) + "</mark>";
      last = span[1];
    });
    return out + escapeHtml(text.slice(last));
  }

  /* The site's index from the payload (site_index.payload): its units in index order. */
  function siteIndex(data, lang) {
    // One pass over the units (searchable's structures, built here straight from the payload's arrays).
    var roles = [], langs = [], texts = [], owners = [], kinds = [], first = [], anchors = [], starts = [];
    var parts = [], offset = 0;
    data.units.forEach(function (unit, number) {
      kinds.push(KINDS[unit[2]]);
      first.push(texts.length);
      var entries = unit[4];
      for (var i = 0; i < entries.length; i++) {
        var entry = entries[i], role = ROLES[entry[0]], part = foldEntry(entry[1], role) + "\u0000";
        roles.push(role);
        langs.push("");
        texts.push(entry[1]);
        owners.push(number);
        anchors.push(entry[2] || "");
        starts.push(offset);
        offset += part.length;
        parts.push(part);
      }
    });
    var index = {roles: roles, langs: langs, texts: texts, owners: owners, kinds: kinds,
                 folded: parts.join(""), starts: starts, first: first};
    index.lang = lang;
    index.pages = data.pages;
    index.units = data.units;
    index.shorthands = data.shorthands || [];
    index.vocabulary = data.vocabulary ? {texts: data.vocabulary, tables: new Map()} : null;
    index.labels = data.labels || {};
    index.anchors = anchors;
    return index;
  }

  function decode(doc) {
    var bytes;
    if (typeof Uint8Array.fromBase64 === "function") {  // native (Chromium 140, Firefox 133, Safari 18.2)
      bytes = Uint8Array.fromBase64(doc.gzip);
    } else {
      var binary = atob(doc.gzip);
      bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }

  function loadIndex(docs) {
    var doc = docs && docs[0];
    if (!doc || !doc.gzip) return Promise.reject(new Error("counterpedia-search.js: not a Counterpedia search index"));
    return decode(doc).then(function (data) {
      if (!data || !Array.isArray(data.units) || !Array.isArray(data.pages)) {
        throw new Error("counterpedia-search.js: the index holds no units or pages");
      }
      return siteIndex(data, doc.lang || "en");
    });
  }

  var MAX_RESULTS = 50;  // units (Material shows ten, then more as the list scrolls)

  /* Material's SearchResult for a query: items grouped by page, the page's own entry first or added. */
  function results(index, query) {
    var lang = index.lang, stemLang = lang === "fr" ? "fr" : "en";
    var expanded = expandShorthands(query, index.shorthands);
    var terms = parseQuery(expanded[0], stemLang);
    var hits = terms.map(function (t) { return scan(index, t, stemLang); });
    var corrections = correct(index, terms, stemLang, hits);
    var ranked = rank(index, terms, stemLang, null, lang, MAX_RESULTS, corrections, hits);
    var shown = function (n, key) { return shownCorrection(index, terms[n], key, stemLang); };
    var marked = terms.slice();
    corrections.forEach(function (keys, n) {
      keys.forEach(function (key) { marked.push(correctedTerm(terms[n], key)); });
    });
    var groups = new Map();
    ranked.forEach(function (result) {
      var unit = index.units[result.unit];
      var page = index.pages[unit[0]];
      var anchor = unit[1], title = unit[3] || page[1], number = "";
      var quotedRule = result.snippetEntry >= 0 && index.anchors[result.snippetEntry] ? result.snippetEntry : -1;
      if (!anchor && quotedRule >= 0) {  // a quoted rule: the result opens at it, headed by its number
        anchor = index.anchors[quotedRule];
        title = number = index.texts[quotedRule].split(" ")[0];
      }
      var quoted = result.snippetEntry;
      if (quoted < 0) {  // only a name matched: its unit's first other text (not a reading, ours), as a teaser
        for (var e = index.first[result.unit]; e < index.owners.length && index.owners[e] === result.unit; e++) {
          if (NAME_ROLES.indexOf(index.roles[e]) < 0) { quoted = e; break; }
        }
      }
      var text = "";
      if (quoted >= 0) {
        var quote = snippet(index.texts[quoted], marked, stemLang), spans = result.snippetEntry >= 0 ? quote[1] : [];
        if (number && quote[0].startsWith(number + " ")) {  // not twice: it is the heading
          var cut = number.length + 1;
          quote[0] = quote[0].slice(cut);
          spans = spans.filter(function (s) { return s[0] >= cut; }).map(function (s) { return [s[0] - cut, s[1] - cut]; });
        }
        text = highlight(quote[0], spans);
      }
      var termsShown = {}, fixes = new Map(result.corrected);
      // Material highlights the found words on the page it opens (?h=: the stem finds every form; a
      // corrected word as corrected) and names the missing ones (as typed).
      result.found.forEach(function (pair) {
        var t = terms[pair[0]];
        termsShown[pair[1] ? (fixes.has(pair[0]) ? shown(pair[0], fixes.get(pair[0])) : t.shown) : t.typed] = pair[1];
      });
      if (result.corrected.length) {  // marked as found through a correction: "Corrected: lyalty → loyalty"
        text += "<p class=\"cp-search-corrected\">" + escapeHtml(index.labels.corrected || "Corrected:") + " " +
          result.corrected.map(function (pair) {
            return "<del>" + escapeHtml(asTyped(query, terms[pair[0]].typed)) + "</del> → " +
              escapeHtml(shown(pair[0], pair[1]));
          }).join(", ") + "</p>";
      }
      var doc = {location: page[0] + (anchor ? "#" + anchor : ""), title: highlight(title, marks(title, marked, stemLang)),
                 text: text, score: result.score, terms: termsShown};
      if (!groups.has(page[0])) groups.set(page[0], {title: page[1], docs: []});
      groups.get(page[0]).docs.push(doc);
    });
    var items = [];
    groups.forEach(function (group, path) {
      if (!group.docs.some(function (doc) { return doc.location === path; })) {
        group.docs.push({location: path, title: highlight(group.title, marks(group.title, marked, stemLang)),
                         text: "", score: 0, terms: {}});
      }
      items.push(group.docs);
    });
    // Material reads `items`; counterpedia-search-polyfill.js shows the rest above the list.
    var offered = suggestion(query, terms, corrections, ranked, shown);
    return {items: items, suggestion: offered, label: index.labels.did_you_mean || "Did you mean:",
            shorthands: expanded[1]};
  }

  var api = {
    SEPARATOR: SEPARATOR, STOP_WORDS: STOP_WORDS, SEGMENT_SEPARATORS: SEGMENT_SEPARATORS,
    normalizeText: normalizeText, foldText: foldText, foldCharMap: foldCharMap, foldToken: foldToken,
    stem: stem, split: split, japaneseTerms: japaneseTerms, japaneseWords: japaneseWords, parseQuery: parseQuery,
    searchable: searchable, segmentsOf: segmentsOf, scan: scan, scanText: scanText, scanSegments: scanSegments, splitInBackground: splitInBackground, rank: rank, marks: marks, sentences: sentences, snippet: snippet,
    loadIndex: loadIndex, siteIndex: siteIndex, results: results, expandShorthands: expandShorthands, shorthandWords: shorthandWords,
    correct: correct, correctedTerm: correctedTerm, distance: distance, candidates: candidates,
    vocabularyTable: vocabularyTable, allowedEdits: allowedEdits,
    suggestion: suggestion, shownCorrection: shownCorrection, asTyped: asTyped,
    SMALL_KANA: SMALL_KANA, FULL_KANA: FULL_KANA,
    MIN_LETTERS: MIN_LETTERS, TWO_EDITS_FROM: TWO_EDITS_FROM, MAX_CORRECTIONS: MAX_CORRECTIONS,
    CORRECTED_QUALITY: CORRECTED_QUALITY
  };
  self.CounterpediaSearch = api;

  if (typeof importScripts !== "function") return;  // loaded in a page: the functions only

  /* Material's worker protocol: SETUP (0) -> READY (1); QUERY (2) -> RESULT (3). */
  /* A damaged index (truncated, not gzip, not our payload) is said in every result, never a silent "nothing
     found": the RESULT carries `error`, which counterpedia-search-polyfill.js shows above the list. */
  var ready = null, failure = null;
  addEventListener("message", function (event) {
    var message = event.data;
    if (!message) return;
    if (message.type === 0) {
      failure = null;
      ready = loadIndex(message.data && message.data.docs).catch(function (error) {
        console.warn("Counterpedia search: the index could not be read", error);
        failure = String((error && error.message) || error);
        return null;
      });
      ready.then(function (index) {
        postMessage({type: 1});
        if (index) splitInBackground(index);
      });
    } else if (message.type === 2) {
      var query = String(message.data || "");
      (ready || Promise.resolve(null)).then(function (index) {
        var data = index && query.trim() ? results(index, query) : {items: []};
        if (!index && failure !== null) data.error = failure;
        postMessage({type: 3, data: data});
      });
    }
  });
})();
