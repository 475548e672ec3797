// The week grid: selecting cells (drag, or click then shift-click) fills the entry form with the selection's days and
// hours. Only an improvement: the form works alone, and the engine judges what it is sent.
(function () {
  "use strict";

  var anchor = null;
  var dragging = false;

  function position(cell) {
    return { col: cell.cellIndex, row: cell.parentElement.rowIndex };
  }

  function select(table, from, to) {
    var a = position(from);
    var b = position(to);
    var top = Math.min(a.row, b.row);
    var bottom = Math.max(a.row, b.row);
    var left = Math.min(a.col, b.col);
    var right = Math.max(a.col, b.col);
    var days = {};
    var first = null;
    var last = null;
    table.querySelectorAll("td.cell").forEach(function (cell) {
      var p = position(cell);
      var inside = p.row >= top && p.row <= bottom && p.col >= left && p.col <= right;
      cell.classList.toggle("selected", inside);
      if (inside) {
        days[cell.getAttribute("data-day")] = true;
        if (p.row === top && first === null) {
          first = cell.getAttribute("data-from");
        }
        if (p.row === bottom) {
          last = cell.getAttribute("data-until");
        }
      }
    });
    fill(days, first, last);
  }

  function fill(days, from, until) {
    var form = document.getElementById("entry-form");
    if (!form) {
      return;
    }
    form.querySelectorAll('input[name="day"]').forEach(function (box) {
      box.checked = !!days[box.value];
    });
    document.getElementById("e-from").value = from;
    document.getElementById("e-until").value = until;
    var zone = document.getElementById("g-zone");
    if (zone) {
      document.getElementById("e-zone").value = form.querySelector('input[name="gridZone"]').value;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var table = document.querySelector('table.week-grid[data-selectable="yes"]');
    if (!table) {
      return;
    }
    table.addEventListener("mousedown", function (event) {
      var cell = event.target.closest("td.cell");
      if (!cell) {
        return;
      }
      event.preventDefault();
      if (!event.shiftKey || anchor === null) {
        anchor = cell;
      }
      dragging = true;
      select(table, anchor, cell);
    });
    table.addEventListener("mouseover", function (event) {
      var cell = event.target.closest("td.cell");
      if (dragging && cell) {
        select(table, anchor, cell);
      }
    });
    document.addEventListener("mouseup", function () {
      if (dragging) {
        dragging = false;
        var limit = document.getElementById("e-perhour");
        if (limit) {
          limit.focus();
        }
      }
    });
  });
})();
