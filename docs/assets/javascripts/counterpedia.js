/* Counterpedia: filter and sort the catalogue in the browser, with no network. */
(function () {
  function setup() {
    document.querySelectorAll(".cp-catalogue").forEach(function (box) {
      var input = box.querySelector(".cp-filter");
      var table = box.querySelector("table");
      if (!input || !table || box.dataset.cpReady) return;
      box.dataset.cpReady = "1";
      var body = table.tBodies[0];
      var normalize = function (s) { return (s || "").normalize("NFKC").toLowerCase(); };
      input.addEventListener("input", function () {
        var query = normalize(input.value).trim();
        Array.prototype.forEach.call(body.rows, function (row) {
          row.hidden = query !== "" && normalize(row.textContent).indexOf(query) === -1;
        });
      });
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell, index) {
        cell.setAttribute("role", "button");
        cell.addEventListener("click", function () {
          var ascending = cell.dataset.sort !== "asc";
          Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { delete c.dataset.sort; });
          cell.dataset.sort = ascending ? "asc" : "desc";
          var rows = Array.prototype.slice.call(body.rows);
          rows.sort(function (a, b) {
            var x = normalize(a.cells[index].textContent), y = normalize(b.cells[index].textContent);
            return ascending ? x.localeCompare(y) : y.localeCompare(x);
          });
          rows.forEach(function (row) { body.appendChild(row); });
        });
      });
    });
  }
  if (window.document$ && window.document$.subscribe) { window.document$.subscribe(setup); }
  else { document.addEventListener("DOMContentLoaded", setup); }
})();
